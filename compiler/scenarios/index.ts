import type { EventName, EventRegistry } from '../../runtime/declare/types';
import type { Scenario, ScenarioFamily, UntypedEntry } from './types';

export type { DataLayerEntry, LoadedScenario, Scenario, ScenarioFamily, UntypedEntry } from './types';

// The authoring helpers of tests/scenarios/*.ts (pure: no Node imports).

/** One scenario (typed; returned as is). */
export function scenario(s: Scenario): Scenario {
  return s;
}

/** A module's scenarios: `export default scenarios('page', [ ... ])`. */
export function scenarios(family: string, list: readonly Scenario[]): ScenarioFamily {
  return { __tagc: 'scenarios', family, scenarios: list };
}

/** A catalogue event's entry, typed by its schema: `event('CTA Clicked', { linkInfo: {...} })`. */
export function event<E extends EventName>(name: E, payload: Omit<EventRegistry[E], 'event'>): EventRegistry[E] {
  return { ...payload, event: name } as EventRegistry[E];
}

/** A push the schemas do not type (a malformed or hostile entry), passed to the page as is. */
export function untyped(value: unknown): UntypedEntry {
  return { __tagcUntyped: value };
}
