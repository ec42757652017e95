import type { EnvName } from '../graph-types';
import { outcomeChanges } from './outcomes';
import { reordered, structureChanged } from './structure';
import type { DeclarationDiff, DiffReport, RequestRef, ScenarioEnvChange, StructureDiff } from './types';

// A diff report as pull-request markdown: one summary line first, then <details> sections (the
// structure of each environment, then each changed scenario). GitHub refuses comments longer than
// 65,536 characters: sections that do not fit are left out and counted. Pure (browser-safe).

export const MARKDOWN_LIMIT = 65_536;

const bytes = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toLocaleString('en-US')} B`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const cell = (v: string | null) => (v === null ? '—' : code(v.length > 120 ? `${v.slice(0, 117)}…` : v)).replace(/\|/g, '\\|');

/** The environment whose size the summary quotes: prod when compared, else the first. */
function mainEnv(report: DiffReport): StructureDiff | undefined {
  return report.structure.find((s) => s.env === 'prod') ?? report.structure[0];
}

export function summaryLine(report: DiffReport): string {
  const perEnv = new Map<EnvName, number>();
  for (const c of report.behaviour?.changes ?? []) for (const e of c.envs) perEnv.set(e.env, (perEnv.get(e.env) ?? 0) + 1);
  const order = [...report.environments].sort((a, b) => Number(b === 'prod') - Number(a === 'prod'));
  const parts = order.filter((e) => perEnv.has(e)).map((e, i) => (i === 0 ? `${perEnv.get(e)!} scenario${perEnv.get(e) === 1 ? ' changes' : 's change'} in ${e}` : `${perEnv.get(e)} in ${e}`));
  const behaviour = !report.behaviour ? 'behaviour not compared (no scenarios)' : parts.length ? parts.join(', ') : 'no behaviour change';
  const main = mainEnv(report);
  const size = main ? `, ${bytes(main.size.gzipBytes)} gzip${report.structure.length > 1 ? ` in ${main.env}` : ''}` : '';
  const structural = report.structure.filter(structureChanged).length;
  const structure = structural ? `; structure changes in ${plural(structural, 'environment')}` : '';
  const broken = report.behaviour?.failures?.length ? `; ${plural(report.behaviour.failures.length, 'simulation')} failed` : '';
  const failed = report.failed.length ? ` — fails on ${report.failed.join(', ')}` : '';
  return `${behaviour}${size}${structure}${broken}${failed}`;
}

function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body.trim()}\n\n</details>\n`;
}

function declarations(title: string, d: DeclarationDiff): string[] {
  const out: string[] = [];
  for (const a of d.added) out.push(`- ${title} added: ${code(a.name)} (${a.file})`);
  for (const r of d.removed) out.push(`- ${title} removed: ${code(r.name)} (${r.file})`);
  for (const c of d.changed) out.push(`- ${title} changed: ${code(c.name)}${[c.source ? 'source' : '', ...c.fields].filter(Boolean).length ? ` — ${[c.source ? 'source' : '', ...c.fields].filter(Boolean).join(', ')}` : ''}`);
  return out;
}

/** What changed in one environment's declarations, hosts and gates (sizes are a table of their own). */
function structureLines(s: StructureDiff): string {
  const lines: string[] = [];
  if (!s.base) lines.push(`- environment new in head`);
  if (!s.head) lines.push(`- environment gone from head`);
  lines.push(...declarations('rule', s.rules), ...declarations('data element', s.dataElements), ...declarations('schema', s.schemas));
  for (const id of s.switched.off) lines.push(`- rule switched off: ${code(id)}`);
  for (const id of s.switched.on) lines.push(`- rule switched on: ${code(id)}`);
  for (const f of s.firingOrder) if (reordered(f)) lines.push(`- firing order of ${code(f.label)}: ${f.base.join(' → ')} ⟶ ${f.head.join(' → ')}`);
  for (const c of s.consent) lines.push(`- consent of ${code(c.rule)}: ${c.base.consent ?? 'none'} [${c.base.gates.join(', ')}] ⟶ ${c.head.consent ?? 'none'} [${c.head.gates.join(', ')}]`);
  for (const h of s.hosts.added) lines.push(`- **new host** ${code(h.host)} (${h.directive}, ${h.head!.category}) by ${h.head!.rules.join(', ')}`);
  for (const h of s.hosts.removed) lines.push(`- host gone: ${code(h.host)} (${h.directive})`);
  for (const h of s.hosts.changed) lines.push(`- host ${code(h.host)} (${h.directive}): ${h.base!.category} by ${h.base!.rules.join(', ')} ⟶ ${h.head!.category} by ${h.head!.rules.join(', ')}`);
  return lines.join('\n');
}

const requestLine = (r: RequestRef) => {
  const query = Object.entries(r.params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${r.method} ${r.url}${query ? `?${query.length > 200 ? `${query.slice(0, 197)}…` : query}` : ''}`;
};

function envChange(c: ScenarioEnvChange): string {
  const lines: string[] = [];
  for (const r of c.requests.appeared) lines.push(`- request appeared (${r.transport}): ${code(requestLine(r))}`);
  for (const r of c.requests.disappeared) lines.push(`- request disappeared (${r.transport}): ${code(requestLine(r))}`);
  for (const r of c.requests.changed) {
    lines.push(`- request changed: ${code(`${r.method} ${r.url}`)} (${r.transport})`, '', '  | parameter | base | head |', '  |---|---|---|');
    for (const p of r.params) lines.push(`  | ${p.label === p.key ? code(p.key) : `${code(p.key)} ${p.label}`} | ${cell(p.base)} | ${cell(p.head)} |`);
    if (r.body) lines.push(`  | body | ${cell(JSON.stringify(r.body.base))} | ${cell(JSON.stringify(r.body.head))} |`);
    lines.push('');
  }
  for (const [word, list] of outcomeChanges(c))
    for (const x of list) lines.push(`- ${word}: ${code(x)}`);
  if (c.errors?.base) lines.push(`- base simulation failed: ${c.errors.base}`);
  if (c.errors?.head) lines.push(`- head simulation failed: ${c.errors.head}`);
  return lines.join('\n');
}

/** A scenario's environments, those with the same change shown once. */
function scenarioBody(envs: readonly ScenarioEnvChange[]): string {
  const groups = new Map<string, { envs: EnvName[]; text: string }>();
  for (const c of envs) {
    const text = envChange(c);
    const g = groups.get(text) ?? groups.set(text, { envs: [], text }).get(text)!;
    g.envs.push(c.env);
  }
  return [...groups.values()].map((g) => `**${g.envs.join(', ')}**\n\n${g.text}`).join('\n\n');
}

const gzip = (b: { gzipBytes: number } | null) => (b ? `${b.gzipBytes.toLocaleString('en-US')} B` : '—');

function sizeTable(structure: readonly StructureDiff[]): string {
  const rows = structure.map((s) => `| ${s.env} | ${gzip(s.size.base)} | ${gzip(s.size.head)} | ${bytes(s.size.gzipBytes)} | ${bytes(s.size.bytes)} |`);
  return ['| environment | base gzip | head gzip | gzip | raw |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
}

/** Structure sections, environments with the same changes shown once, then the bundle sizes. */
function structureSections(structure: readonly StructureDiff[]): string[] {
  const changed = structure.filter(structureChanged);
  if (!changed.length) return [];
  const groups = new Map<string, EnvName[]>();
  for (const s of changed) {
    const text = structureLines(s);
    if (text) groups.set(text, [...(groups.get(text) ?? []), s.env]);
  }
  return [...[...groups].map(([text, envs]) => details(`Structure — ${envs.join(', ')}`, text)), details('Bundle size', sizeTable(structure))];
}

export function toMarkdown(report: DiffReport, limit = MARKDOWN_LIMIT): string {
  const head = `**tagc diff** ${code(report.base.label)} ⟶ ${code(report.head.label)}: ${summaryLine(report)}\n\n`;
  const sections: string[] = structureSections(report.structure);
  const b = report.behaviour;
  if (b) {
    if (b.failures?.length) {
      const lines = b.failures.map((f) => `- ${code(f.scenario)} in ${f.env}: ${[f.base !== undefined ? `base: ${f.base}` : '', f.head !== undefined ? `head: ${f.head}` : ''].filter(Boolean).join('; ')}`);
      sections.push(details(`${plural(b.failures.length, 'simulation')} failed`, lines.join('\n')));
    }
    for (const c of b.changes) sections.push(details(`${code(c.scenario)} — ${c.description} (${c.envs.map((e) => e.env).join(', ')})`, scenarioBody(c.envs)));
  }
  const foot = b ? `\n${plural(b.scenarios, 'scenario')}, ${b.runs} simulations per build.\n` : '';
  let out = head;
  let shown = 0;
  for (const section of sections) {
    // Room for the note on what was left out.
    if (out.length + section.length + foot.length + 200 > limit) break;
    out += section;
    shown++;
  }
  if (shown < sections.length) out += `\n… ${sections.length - shown} more section(s) not shown (the comment limit is ${limit.toLocaleString('en-US')} characters); \`tagc diff --format json\` has them all.\n`;
  return out + foot;
}
