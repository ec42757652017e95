import { de, deEach, rule } from '../../../runtime/declare';
import { TOOLING } from '../../../runtime/declare/tooling';
import type { Action, Condition, DataElementRef, EventName, Rule, RuleContext } from '../../../runtime/declare/types';
import type { LinkType } from '../../../runtime/analytics/beacon';
import { analyticsConsent } from '../../consent/lib/gates';
import { analyticsEvent } from '../../lib/analytics';
import { eventRow, type EventRow, type Trigger } from '../../lib/event-numbers';

// The analytics rule of a catalogue event, built from its row of rules/lib/event-numbers.ts:
// gated on analytics consent (docs/consent.md's gate), then "set variables, send a link hit,
// clear variables" (spec §4) with the row's events and variables. The link name is the event's
// name; eVar22 is the page name on every hit.

/** The variables of a row: eVar22 = page name, then the row's own. */
export function varsOf(row: EventRow): Record<string, DataElementRef> {
  return deEach({ eVar22: 'pageName', ...row.vars });
}

/** `Multi-Media Reached 25%` -> `multi-media-reached-25`: its runs of letters and digits (a trigger has some), joined by dashes. */
function kebab(text: string): string {
  return text.toLowerCase().match(/[a-z0-9]+/g)!.join('-');
}

export interface HitParts {
  linkName: string;
  linkUrl?: string;
  linkType?: LinkType;
  events: readonly string[];
}

/** What a run-time hit declares to the compiler: data elements it reads, the events it may send. */
export interface HitDeclaration {
  reads?: Record<string, DataElementRef>;
  events?: readonly string[];
  sharedEvents?: readonly string[];
}

function declaredParams(label: string, vars: Record<string, DataElementRef>, declared: HitDeclaration): Record<string, unknown> {
  const { reads, ...events } = declared;
  return { label, vars, ...reads, ...events };
}

/**
 * A link hit whose name, URL or events are known only when the rule runs (a numeric event's
 * value, a clicked link). Its params carry the variables' data-element references, so that the
 * compiler checks them and the bundle includes them, and the event numbers it may send.
 */
export function hitAtRunTime(label: string, vars: Record<string, DataElementRef>, parts: (ctx: RuleContext) => HitParts | null, declared: HitDeclaration = {}): Action {
  return {
    kind: 'custom',
    // Only the compiler reads a custom step's params (runtime/declare/tooling.ts).
    params: TOOLING ? declaredParams(label, vars, declared) : {},
    sends: 'analytics',
    run(ctx) {
      const hit = parts(ctx);
      if (!hit) return;
      return analyticsEvent({ ...hit, vars }).run(ctx);
    },
  };
}

/** `eventN=<seconds>` from the row's value (whole seconds; nothing sent for no time played). */
function numericEvents(row: EventRow, ctx: RuleContext): string[] {
  const seconds = Math.round(Number(ctx.value(de(row.value!))));
  return Number.isFinite(seconds) && seconds > 0 ? row.events.map((e) => `${e}=${seconds}`) : [];
}

export interface CatalogueRuleOptions {
  /** The row when it is not the event's own (the multi-step variants). */
  trigger?: Trigger;
  /** One line for the viewer; defaults to the row's explanation. */
  description?: string;
  /** Tested after the consent gate (a stateful process condition must come last). */
  conditions?: readonly Condition[];
  id?: string;
}

/** The hit of a catalogue event's row: its events (or a numeric event's seconds) and variables. */
function catalogueHit(event: EventName, trigger: Trigger): Action {
  const row = eventRow(trigger);
  // Checked when the compiler loads the rule (the bundle runs the same code on the same rows).
  if (TOOLING && !row) throw new Error(`rules/lib/event-numbers.ts has no row for "${trigger}"`);
  if (TOOLING && (row.hit === 'page view' || row.hit === 'none')) throw new Error(`"${trigger}" sends no link hit (its row says ${row.hit})`);
  // No hit: a custom link, the analytics action's default type, which tooling names (graph.json's params).
  const linkType = (TOOLING ? (row.hit ?? 'o') : row.hit) as LinkType | undefined;
  const vars = varsOf(row);
  // Only the compiler's duplicate check reads sharedEvents. Spread where it is written: a bundle's
  // `...{}` is then seen to be empty, and goes (compiler/phases/5-emit/tooling-fields.ts).
  return row.value
    ? hitAtRunTime(
        TOOLING ? `send ${row.events.join(', ')} = seconds in «${row.value}», with the row's variables` : '',
        vars,
        (ctx) => ({ linkName: event, linkType, events: numericEvents(row, ctx) }),
        TOOLING ? { reads: { value: de(row.value) }, events: row.events, ...(row.shared ? { sharedEvents: row.events } : {}) } : {},
      )
    : analyticsEvent({ linkName: event, linkType, events: row.events, vars, ...(TOOLING && row.shared ? { sharedEvents: row.events } : {}) });
}

/**
 * An action made when its rule first runs it (or a failure names its kind). A bundle's 53
 * catalogue rules, time-on-page and click-tracking-links are made while it evaluates, in the task
 * that also compiled it; their hits (the row's look-up, its variables, the analytics action) wait
 * for their events instead. A hit has no timeout of its own (its rule's applies).
 */
function madeWhenRun(make: () => Action): Action {
  let made: Action | undefined;
  const action = () => (made ??= make());
  return {
    get kind() {
      return action().kind;
    },
    params: {},
    sends: 'analytics',
    run: (ctx) => action().run(ctx),
  };
}

/** An analytics hit made when its rule first runs it in a bundle; the compiler makes it with the rule (its checks, params and sends are the graph's). */
export function hitWhenRun(make: () => Action): Action {
  return TOOLING ? make() : madeWhenRun(make);
}

/** The analytics rule of a catalogue event. */
export function catalogueRule(event: EventName, options: CatalogueRuleOptions = {}): Rule {
  const trigger = options.trigger ?? (event as Trigger);
  const action = hitWhenRun(() => catalogueHit(event, trigger));
  // The description is built inside its property, so that prod bundles drop it with the property.
  return rule({
    id: options.id ?? `analytics-${kebab(trigger)}`,
    description: options.description ?? describe(eventRow(trigger)),
    events: [event],
    conditions: [analyticsConsent, ...(options.conditions ?? [])],
    actions: [action],
  });
}

function describe(row: EventRow): string {
  return `${row.trigger}: link hit with ${row.events.length ? `${row.events.join(', ')}${row.value ? ` (= seconds)` : ''}` : 'no event number'}. ${row.description}`;
}
