import type { ConsentCategory, Env, EventName, EventRegistry } from '../../runtime/declare/types';
import type { RespondRule } from '../simulate/types';

// A scenario is one page visit that `tagc simulate` can run: the same inputs (typed), nothing
// more. Scenarios are project files (tests/scenarios/*.ts, one module per family); `tagc diff`
// runs each in every environment it names on two builds, and the golden test stores what each
// sends (tests/scenarios/golden/).

/** A catalogue event as its JSON Schema types it (the generated payload types). */
export type DataLayerEntry = EventRegistry[EventName];

/** An entry the schemas do not type (a malformed or hostile push), made with `untyped()`. */
export interface UntypedEntry {
  readonly __tagcUntyped: unknown;
}

export interface Scenario {
  /** Unique across the project, kebab-case: also the golden file's name. */
  readonly name: string;
  /** One line: what the visit exercises. */
  readonly description: string;
  /** Bundles to run it in. Default: every environment of the build. */
  readonly environments?: readonly Env[];
  /** Page URL. Default: the build's entry page (manifest `simulate.url`). */
  readonly url?: string;
  readonly referrer?: string;
  readonly userAgent?: string;
  /** Cookies set before the bundle loads. */
  readonly cookies?: Readonly<Record<string, string>>;
  /** localStorage entries set before the bundle loads. */
  readonly localStorage?: Readonly<Record<string, string>>;
  /** Consent stored before load: unset, all, none, or the categories granted. */
  readonly consent?: 'unset' | 'all' | 'none' | readonly ConsentCategory[];
  /** The provider's callback after load: given, declined, or changed to the categories listed. */
  readonly consentEvent?: 'given' | 'declined' | { readonly changed: readonly ConsentCategory[] };
  /** Entries in appEventData before the bundle loads, in order. */
  readonly push?: readonly (DataLayerEntry | UntypedEntry)[];
  /** Entries pushed after window load, in order. */
  readonly after?: readonly (DataLayerEntry | UntypedEntry)[];
  /** Virtual milliseconds to run after the last push (default: simulate's). */
  readonly wait?: number;
  /** Answers for requests whose URL contains `match` (status 0: network failure). */
  readonly respond?: readonly RespondRule[];
}

/** A module's scenarios, as its default export. */
export interface ScenarioFamily {
  readonly __tagc: 'scenarios';
  readonly family: string;
  readonly scenarios: readonly Scenario[];
}

/** A scenario as loaded, with where it was declared. */
export interface LoadedScenario {
  scenario: Scenario;
  family: string;
  /** Module, relative to the project root. */
  file: string;
  /** Environments it runs in (its own, or every environment of the build). */
  environments: readonly Env[] | null;
}
