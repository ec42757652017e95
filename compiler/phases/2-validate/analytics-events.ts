import type { Rule } from '../../../runtime/declare/types';
import type { Diagnostics } from '../../diagnostics';
import type { KindRegistry } from '../../kinds/registry';
import type { Loaded } from '../1-load';

// Two different data-layer events must not send the same analytics event number (eventN): the
// reports would count them as one. What each action sends comes from its kind
// (`analyticsEvents()` in compiler/kinds); a number every sender lists in `sharedEvents` is shared
// on purpose (e.g. one "process step" counter for several processes). The error is located at the
// second sender in file order.

interface Sender {
  rule: string;
  file: string;
  events: string[];
  shared: boolean;
}

/** `event54=3` and `event54:serial` are event54; commerce events (scAdd, ...) carry no number. */
export function eventNumber(sent: string): string | null {
  return /^(event\d+)(?:[=:].*)?$/.exec(sent)?.[1] ?? null;
}

export function checkAnalyticsEvents(rules: Loaded<Rule>[], registry: KindRegistry, diagnostics: Diagnostics): void {
  const first = new Map<string, Sender>();
  for (const r of rules) {
    const events = r.value.events.flatMap((e) => (typeof e === 'string' ? [e as string] : []));
    if (!events.length) continue;
    r.value.actions.forEach((action, i) => {
      if (action.sends !== 'analytics') return;
      const sent = registry.actions.get(action.kind)?.analyticsEvents?.(action.params as never);
      if (!sent) return;
      const shared = new Set((sent.shared ?? []).map(eventNumber));
      sent.sends.forEach((s, j) => {
        const number = eventNumber(s);
        if (!number) return;
        const here: Sender = { rule: r.value.id, file: r.file, events, shared: shared.has(number) };
        const prior = first.get(number);
        if (!prior) return void first.set(number, here);
        const newEvents = events.filter((e) => !prior.events.includes(e));
        if (!newEvents.length || (prior.shared && here.shared)) return;
        diagnostics.report('duplicate_analytics_event', r.file, { number, events: newEvents, prior: prior.rule, priorEvents: prior.events, priorFile: prior.file }, ['actions', i, 'params', 'events', j]);
      });
    });
  }
}
