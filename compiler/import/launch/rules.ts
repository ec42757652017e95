import { join } from 'node:path';
import type { AnalyticsImport } from './analytics';
import { mapAction, mapCondition, mapEvent, ruleCodeFile, trackerVars, type RuleScope } from './components';
import type { ImportContext } from './context';
import type { LaunchEvent, LaunchRule } from './format';
import { kebab, NamePool } from './names';
import { commentText, lit, quote, TsModule } from './source';

// Launch rules → one module each under rules/launch/. A Launch rule whose events have different
// orders becomes one tagc rule per order. Firing order: Turbine runs the rules of an event by
// their order, equal orders in library order; tagc by order, equal orders by id. The original
// orders are kept where the ids already sort like the library; otherwise every rule gets a new
// order from its place (10, 20, ...), the Launch order noted beside it.

/** The first two orders belong to the generated consent and analytics-setup rules. */
const FIRST_FREE = 2;

interface Planned {
  launch: LaunchRule;
  /** Its place in the library. */
  index: number;
  events: LaunchEvent[];
  ruleOrder: number;
  id: string;
  order: number;
}

export interface RuleFile {
  file: string;
  source: string;
}

/** Event types that share a dispatch key in tagc (and a trigger list in Turbine). */
function eventKey(e: LaunchEvent): string {
  const s = (e.settings ?? {}) as Record<string, unknown>;
  return `${e.modulePath}|${String(s.identifier ?? s.elementSelector ?? s.timeOnPage ?? '')}`;
}

function plan(rules: LaunchRule[]): Planned[] {
  const ids = new NamePool('-');
  const planned: Planned[] = [];
  rules.forEach((launch, index) => {
    const events = Array.isArray(launch.events) ? launch.events.filter((e) => e && typeof e.modulePath === 'string') : [];
    const byOrder = new Map<number, LaunchEvent[]>();
    for (const e of events) {
      const o = Number.isFinite(e.ruleOrder) ? Number(e.ruleOrder) : 50;
      byOrder.set(o, [...(byOrder.get(o) ?? []), e]);
    }
    const base = kebab(typeof launch.name === 'string' ? launch.name : String(launch.id ?? `rule ${index + 1}`));
    for (const [ruleOrder, group] of byOrder) planned.push({ launch, index, events: group, ruleOrder, id: ids.claim(base), order: ruleOrder });
  });
  // Turbine's order: by Launch order, then library order (a stable sort).
  const turbine = [...planned].sort((a, b) => a.ruleOrder - b.ruleOrder || a.index - b.index);
  const tagc = (p: Planned) => [p.ruleOrder, p.id] as const;
  const keeps = turbine.every((a, i) =>
    turbine.slice(i + 1).every((b) => {
      if (a.ruleOrder !== b.ruleOrder || !a.events.some((e) => b.events.some((f) => eventKey(e) === eventKey(f)))) return true;
      return tagc(a)[1] < tagc(b)[1];
    }),
  );
  if (!keeps || turbine.some((p) => p.ruleOrder < FIRST_FREE || p.ruleOrder > 10_000 || !Number.isInteger(p.ruleOrder))) {
    const wide = turbine.length * 10 <= 10_000;
    turbine.forEach((p, i) => (p.order = wide ? 10 * (i + 1) : FIRST_FREE + i));
  }
  return planned;
}

function ruleModule(ctx: ImportContext, p: Planned, analytics: AnalyticsImport | null, subject: string): RuleFile | null {
  const file = join(ctx.paths.out, 'rules', 'launch', `${p.id}.ts`);
  const m = new TsModule(file, ctx.paths.declare);
  const name = typeof p.launch.name === 'string' ? p.launch.name : p.id;
  const scope: RuleScope = {
    ctx,
    m,
    ruleId: p.id,
    ruleName: name,
    code: () => ctx.code(p.id, ruleCodeFile(ctx, p.id)),
    analytics,
    clicks: p.events.some((e) => /\/events\/click\.js$/.test(e.modulePath)),
  };
  const events = p.events.map((e, i) => mapEvent(scope, e, { subject, component: `event ${i + 1} (${e.modulePath})` })).filter((e): e is string => !!e);
  if (!events.length) {
    ctx.report.add('not mapped', subject, '', 'none of its events maps to tagc: the rule is not imported');
    return null;
  }
  const conditions = (p.launch.conditions ?? []).map((c, i) => {
    const where = { subject, component: `condition ${i + 1} (${c?.modulePath ?? '?'})` };
    const step = c && typeof c.modulePath === 'string' ? mapCondition(scope, c, i, where) : null;
    if (step) return step;
    ctx.report.add('review', subject, where.component, 'replaced by a condition that never holds: the rule does not fire until it is rewritten');
    return `{ label: ${quote(`NOT IMPORTED: Launch condition ${i + 1} (${commentText(c?.modulePath ?? '?')}), rewrite it`)}, test: () => false }`;
  });
  const actions = (p.launch.actions ?? []).map((a, i) => (a && typeof a.modulePath === 'string' ? mapAction(scope, a, i, { subject, component: `action ${i + 1} (${a.modulePath})` }) : null));
  const mapped = actions.filter((a): a is NonNullable<typeof a> => !!a);
  if (!mapped.length) {
    ctx.report.add('not mapped', subject, '', 'none of its actions maps to tagc: the rule is not imported');
    return null;
  }
  const analyticsSent = mapped.some((a) => a.sends === 'analytics');
  const lines = [
    `export default ${m.api('rule')}({`,
    `  id: ${quote(p.id)},`,
    `  description: ${quote(name.replace(/\s+/g, ' ').trim() || p.id)},`,
    `  events: [${events.join(', ')}],`,
    ...(conditions.length ? ['  conditions: [', ...conditions.map((c) => `    ${c},`), '  ],'] : []),
    '  actions: [',
    ...mapped.map((a) => `    ${a.code},`),
    '  ],',
    `  order: ${p.order},${p.order !== p.ruleOrder ? ` // Launch order ${p.ruleOrder}, place ${p.index + 1} in the library` : ''}`,
    ...(analyticsSent ? ["  consent: 'analytics',"] : []),
    '});',
  ];
  const header = [`Imported from Adobe Launch: rule "${commentText(name)}" (${commentText(String(p.launch.id ?? ''))}).`];
  if (p.events.length !== (p.launch.events ?? []).length) header.push('Its other events, of another order, are in a rule of their own.');
  return { file, source: m.render(header, lines.join('\n')) };
}

/** The generated rules: consent first (order 0), then the Analytics extension's tracker-wide variables (order 1). */
function setupRules(ctx: ImportContext, analytics: AnalyticsImport | null): RuleFile[] {
  const out: RuleFile[] = [];
  const consentFile = join(ctx.paths.out, 'rules', 'launch', 'launch-consent.ts');
  const c = new TsModule(consentFile, ctx.paths.declare);
  ctx.report.add('review', 'rule "launch-consent"', '', 'generated: Launch asked no consent, so every category is granted; replace impliedConsent() with the site\'s consent provider (docs/consent.md)');
  out.push({
    file: consentFile,
    source: c.render(
      ['Generated by tagc import launch: a Launch property has no consent manager, so every consent category is granted.'],
      `export default ${c.api('rule')}({\n  id: 'launch-consent',\n  description: 'Starts consent with every category granted, as the Launch property did without a consent manager.',\n  events: [${c.api('libraryLoaded')}()],\n  actions: [${c.api('impliedConsent')}()],\n  order: 0,\n});`,
    ),
  });
  if (analytics && Object.keys(analytics.globals).length) {
    const file = join(ctx.paths.out, 'rules', 'launch', 'launch-analytics-setup.ts');
    const m = new TsModule(file, ctx.paths.declare);
    const scope = { ctx, m, ruleId: 'launch-analytics-setup', ruleName: 'analytics setup', code: () => ctx.code('setup', ruleCodeFile(ctx, 'launch-analytics-setup')), analytics, clicks: false };
    const { vars } = trackerVars(scope, analytics.globals, { subject: 'extension "adobe-analytics"', component: 'trackerProperties' });
    out.push({
      file,
      source: m.render(
        ["Generated by tagc import launch: the Analytics extension's tracker-wide variables, set before any rule sends."],
        `export default ${m.api('rule')}({\n  id: 'launch-analytics-setup',\n  description: "Sets the Analytics extension's tracker-wide variables (Launch extension settings).",\n  events: [${m.api('libraryLoaded')}()],\n  actions: [${m.api('setVariables')}(${lit(vars)})],\n  order: 1,\n  consent: 'analytics',\n});`,
      ),
    });
  }
  return out;
}

export function ruleModules(ctx: ImportContext, analytics: AnalyticsImport | null): { files: RuleFile[]; imported: number } {
  const files = setupRules(ctx, analytics);
  let imported = 0;
  for (const p of plan(ctx.container.rules)) {
    const subject = `rule "${typeof p.launch.name === 'string' ? p.launch.name : p.id}"${p.launch.id ? ` (${p.launch.id})` : ''}`;
    const f = ruleModule(ctx, p, analytics, subject);
    if (f) {
      files.push(f);
      imported++;
    }
  }
  return { files, imported };
}
