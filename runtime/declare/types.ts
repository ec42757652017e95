// The declaration contract shared by the authoring API (rules/, data-elements/, schemas/), the
// compiler (which reads `kind` and `params`) and the runtime (which calls `test`, `run`, `read`,
// `listen`). A kind is one file under runtime/<family>/ plus one under compiler/kinds/<family>/.

export type Env = 'test' | 'dev' | 'stg' | 'prod' | 'internal';
export const ENVIRONMENTS: readonly Env[] = ['test', 'dev', 'stg', 'prod', 'internal'];

/** What a request-sending action sends, for the consent proof. */
export type SendCategory = 'analytics' | 'advertising' | 'performance' | 'necessary';
/** A consent category a rule or condition can require. */
export type ConsentCategory = 'analytics' | 'advertising' | 'performance';

/** Registries filled by generated modules (schemas/generated, data-elements/generated). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface EventRegistry {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface DataElementRegistry {}

export type EventName = keyof EventRegistry & string;
export type DataElementName = keyof DataElementRegistry & string;

/** JSON-safe parameters of a kind; what the compiler validates and the viewer shows. */
export type Params = { readonly [key: string]: unknown };

/** A reference to a data element inside a kind's params, resolved at dispatch time. */
export interface DataElementRef {
  readonly $de: string;
}

export type JsonState = { [key: string]: unknown };

/** What conditions, actions and custom code see while one event is dispatched. */
export interface RuleContext<P = unknown> {
  readonly event: {
    /** The event key: a data-layer event name, or `<kind>` / `<kind>:<name>` for other kinds. */
    readonly key: string;
    readonly name: string;
    readonly payload: P;
    /** The data layer's computed state as of this event. */
    readonly state: JsonState;
  };
  readonly rule: { readonly id: string };
  /** A data element's value, computed once per dispatch. */
  get(name: DataElementName): unknown;
  /** Resolves `de()` references (deeply) inside a param value. */
  value<T>(param: T): unknown;
  readonly runtime: RuntimeServices;
}

/** The runtime's shared services that kinds may use; filled by runtime/core/start. */
export interface RuntimeServices {
  readonly env: Env;
  readonly win: Window & typeof globalThis;
  readonly log: Logger;
  /** Pushes an event into the data layer (as the page would). */
  push(entry: Record<string, unknown>): void;
  /** Emits a non-data-layer event (used by event kinds). */
  emit(key: string, name: string, payload?: unknown): void;
  /**
   * Per-page services by name, created on first use (analytics, identity, consent, ...) by
   * `create(...args)`.
   */
  service<T, A extends unknown[] = []>(name: string, create: (...args: A) => T, ...args: A): T;
  /**
   * The only way custom code reaches the network (the compiler rejects any other): a request that
   * leaves through the egress point, which checks `category`'s consent as it leaves, refuses a host
   * the action did not declare in `hosts`, and redacts PII. Resolves with the response (fetch) or
   * undefined (`via: 'beacon' | 'image'`); rejects when refused or failed.
   */
  send(category: SendCategory, url: string, init?: SendInit): Promise<Response | undefined>;
}

/** A request of custom code: fetch options, or how it leaves. */
export interface SendInit extends RequestInit {
  via?: 'fetch' | 'beacon' | 'image';
}

export interface Logger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

export interface EventSource<P = unknown> {
  readonly kind: string;
  readonly params: Params;
  /** Dispatch-table key; data-layer events use their name. */
  readonly key: string;
  /** Subscribes once per page; calls `emit` each time the event occurs. */
  listen?(emit: (payload?: P) => void, services: RuntimeServices): void;
  /** No page code waits on its rules (DOM ready, window loaded): they may run in several tasks, as start-up's do (runtime/core/slices.ts). */
  readonly sliced?: boolean;
  /** Phantom for payload typing. */
  readonly __payload?: P;
}

export interface Condition<P = unknown> {
  readonly kind: string;
  readonly params: Params;
  test(ctx: RuleContext<P>): boolean;
  /**
   * What the condition compared, for tools that explain a skipped rule (tagc simulate, the
   * viewer's Preview, debugging). Called only after `test` failed, and only when a monitor
   * listens for skipped rules or debug logging is on.
   */
  explain?(ctx: RuleContext<P>): Explanation;
}

/** The value a failing condition looked at and what it needed; `negated` under `not()`. */
export interface Explanation {
  subject: unknown;
  expected: unknown;
  negated?: boolean;
}

export interface Action<P = unknown> {
  readonly kind: string;
  readonly params: Params;
  /** What the action sends or writes, for the consent proof. */
  readonly sends: SendCategory;
  /** Overrides the rule's action timeout (ms). */
  readonly timeout?: number;
  run(ctx: RuleContext<P>): unknown;
}

/**
 * Custom condition code, written inline as an object literal so that `ctx.event.payload` has the
 * rule's event payload type. Bundled as ordinary TypeScript: never a string, never eval.
 */
export interface CustomCondition<P = unknown> {
  /** What the viewer shows. */
  readonly label: string;
  test(ctx: RuleContext<P>): boolean;
}

/** Custom action code, inline like CustomCondition; `sends` feeds the consent proof. */
export interface CustomAction<P = unknown> {
  readonly label: string;
  readonly sends: SendCategory;
  /** Hosts its `ctx.runtime.send` requests go to (`'self'`: the page's origin); the host inventory lists them under `sends`. */
  readonly hosts?: readonly string[];
  readonly timeout?: number;
  run(ctx: RuleContext<P>): unknown;
}

export type EventRef = EventName | EventSource<any>;

export type PayloadOf<E> = E extends EventName
  ? EventRegistry[E]
  : E extends EventSource<infer P>
    ? P
    : never;

export interface RuleDeclaration<E extends EventRef = EventRef> {
  /** Stable unique id: kebab-case, used in logs, the viewer and the dispatch table. */
  readonly id: string;
  /** One line: what the rule does and why. */
  readonly description: string;
  readonly events: readonly E[];
  /** All must hold. Use `not()` for exceptions. */
  readonly conditions?: readonly (Condition<NoInfer<PayloadOf<E>>> | CustomCondition<NoInfer<PayloadOf<E>>>)[];
  readonly actions: readonly (Action<NoInfer<PayloadOf<E>>> | CustomAction<NoInfer<PayloadOf<E>>>)[];
  /** Lower fires first; ties are broken by id. Default 50. */
  readonly order?: number;
  /** Environments the rule is built into. Default: all. */
  readonly environments?: readonly Env[];
  /**
   * false switches the rule off (typically from a site setting): it is still checked, but built
   * into no bundle, and graph.json lists it under `off` instead of warning that it never fires.
   * Default true.
   */
  readonly enabled?: boolean;
  /** The consent category the whole rule needs, or none. */
  readonly consent?: ConsentCategory;
  /** Default per-action timeout in ms. Default 2000. */
  readonly timeout?: number;
}

export interface Rule extends Required<Omit<RuleDeclaration, 'consent' | 'conditions' | 'enabled'>> {
  readonly __tagc: 'rule';
  /** Absent means on (no default is stored, so that bundles carry no extra bytes). */
  readonly enabled?: boolean;
  readonly conditions: readonly Condition<any>[];
  readonly actions: readonly Action<any>[];
  readonly events: readonly EventRef[];
  /** Null where the rule needs none, as tooling sees it (a bundle without tooling leaves it undefined, as the brand is absent there). */
  readonly consent: ConsentCategory | null;
}

export type Storage = 'none' | 'pageview' | 'session' | 'visitor';

/** What a data element's `read` sees. */
export interface ReadContext {
  readonly state: JsonState;
  readonly event: RuleContext['event'] | null;
  readonly win: Window & typeof globalThis;
  get(name: DataElementName): unknown;
  readonly runtime: RuntimeServices;
}

export interface DataElementOptions<T = unknown> {
  /** One line shown in the viewer; write the choice made where the spec is silent. */
  readonly description?: string;
  readonly default?: T;
  /** How long a found value is kept: pageview (memory), session, visitor. Default none. */
  readonly storage?: Storage;
  /** Trim and collapse white space. */
  readonly clean?: boolean;
  readonly lowerCase?: boolean;
  /** Keep in every bundle even if no rule reads it (for `tagc.getVar`). */
  readonly expose?: boolean;
  readonly environments?: readonly Env[];
}

export interface DataElement<T = unknown> extends DataElementOptions<T> {
  readonly __tagc: 'dataElement';
  readonly kind: string;
  readonly params: Params;
  read(ctx: ReadContext): unknown;
}

/** A JSON Schema for one data-layer event; see schemas/. */
export interface EventSchemaDeclaration {
  readonly __tagc: 'schema';
  readonly event: string;
  readonly description: string;
  /** `Apollo` validates in environments where validation is on; `Disabled` never validates. */
  readonly provider: 'Apollo' | 'Disabled';
  readonly schema: Record<string, unknown>;
}

/** A table of facts a module declares for the viewer (e.g. the analytics variable mapping). Not bundled unless used. */
export interface ViewTable<Row extends Record<string, unknown> = Record<string, unknown>> {
  readonly __tagc: 'table';
  readonly name: string;
  readonly description: string;
  readonly columns: readonly (keyof Row & string)[];
  readonly rows: readonly Row[];
}
