// The compiled rule graph as written to build/<env>/graph.json and read by the viewer.
// Plain JSON: no functions. Extend by adding fields only.

import type { Diagnostic } from './diagnostics';

export type EnvName = 'test' | 'dev' | 'stg' | 'prod' | 'internal';

export interface GraphStep {
  kind: string;
  /** JSON-safe params; `{ "$de": name }` marks a data-element reference. */
  params: Record<string, unknown>;
  /** Plain words, e.g. "path starts with /advisor". */
  text: string;
  /** Actions only: what the action sends (consent category). */
  sends?: 'analytics' | 'advertising' | 'performance' | 'necessary';
  /** Actions only: effective timeout in ms. */
  timeout?: number;
}

export interface GraphEventRef {
  /** Dispatch key: the data-layer event name, or `@kind[:name]`. */
  key: string;
  kind: string;
  /** Human label, e.g. "Page Load Completed" or "DOM ready". */
  label: string;
}

export interface GraphRule {
  id: string;
  description: string;
  file: string;
  events: GraphEventRef[];
  conditions: GraphStep[];
  actions: GraphStep[];
  order: number;
  environments: EnvName[];
  consent: 'analytics' | 'advertising' | 'performance' | null;
  /** Consent categories guaranteed before the actions run: `consent` plus consent conditions (the compiler's proof). */
  gates: ('analytics' | 'advertising' | 'performance')[];
  timeout: number;
  /** Data elements read directly by conditions and actions. */
  reads: string[];
  /** Position in the global firing order of this environment (0-based). */
  position: number;
  /**
   * Content hash of the declaration: its own source and every project module it imports
   * (transitively; not the runtime, not packages). Added field; absent in older builds.
   */
  hash?: string;
}

export interface GraphEvent extends GraphEventRef {
  /** Rule ids in the exact order the runtime runs them. */
  rules: string[];
  /** Schema file for data-layer events. */
  schema: string | null;
}

export interface GraphDataElement {
  name: string;
  kind: string;
  file: string;
  description: string;
  params: Record<string, unknown>;
  text: string;
  storage: 'none' | 'pageview' | 'session' | 'visitor';
  default: unknown;
  clean: boolean;
  lowerCase: boolean;
  /** Other data elements this one reads. */
  reads: string[];
  /** Rules that read it (directly or through other data elements). */
  readBy: string[];
  /**
   * Content hash of the declaration: its own source and every project module it imports
   * (transitively; not the runtime, not packages). Added field; absent in older builds.
   */
  hash?: string;
}

export interface GraphSchema {
  event: string;
  file: string;
  description: string;
  provider: 'Apollo' | 'Disabled';
  required: string[];
  optional: string[];
  schema: Record<string, unknown>;
  /** Whether this environment's bundle validates payloads of this event. */
  validated: boolean;
  /**
   * Content hash of the declaration: its own source and every project module it imports
   * (transitively; not the runtime, not packages). Added field; absent in older builds.
   */
  hash?: string;
}

/** A CSP fetch directive a request falls under. */
export type CspDirective = 'script-src' | 'img-src' | 'connect-src' | 'frame-src' | 'style-src';

/**
 * One entry of an environment's host inventory: a host the bundle can contact, for which consent
 * category and under which CSP directive, and the rules that make it do so. `'self'` is the page's
 * own origin. Learnt at compile time from each kind's `hosts()` (compiler/kinds) and the entry's
 * own services (schema service, validation report).
 */
export interface HostUse {
  host: string;
  category: 'analytics' | 'advertising' | 'performance' | 'necessary';
  directive: CspDirective;
  /** Rule ids, or `(container)` for the bundle's own services. */
  rules: string[];
}

export interface Graph {
  env: EnvName;
  version: string;
  buildTime: string;
  /** Content hash of the bundle. */
  hash: string;
  bundle: { file: string; bytes: number; gzipBytes: number; integrity: string };
  settings: { debug: boolean; validate: boolean; description: string };
  rules: GraphRule[];
  events: GraphEvent[];
  dataElements: GraphDataElement[];
  schemas: GraphSchema[];
  /** What this environment leaves out compared with the whole container. */
  excluded: { rules: string[]; dataElements: string[] };
  /** Tables that rules and data elements declare for the viewer (e.g. the analytics mapping). */
  tables: { name: string; file: string; description: string; columns: string[]; rows: Record<string, unknown>[] }[];
  diagnostics: Diagnostic[];
  /** Every host this bundle can contact (added field; absent in older builds). */
  hosts?: HostUse[];
  /**
   * Rules switched off by their declaration (`enabled: false`, e.g. from a site setting such as
   * click tracking): checked, but in no bundle and not warned about. Also listed in
   * `excluded.rules`. Added field; absent in older builds.
   */
  off?: { id: string; file: string; description: string }[];
}

/** What `tagc simulate` learns from the project (the simulator never imports a container). */
export interface SimulationSettings {
  /** Default page URL: the site configuration's entry host. */
  url: string | null;
  /** The container's consent provider, for --consent and --consent-event. */
  consent: { provider: 'trustarc'; levels: Record<'analytics' | 'advertising' | 'performance', number> } | { provider: 'onetrust'; groups: Record<'analytics' | 'advertising' | 'performance', string> } | null;
}

export interface Manifest {
  version: string;
  buildTime: string;
  environments: Partial<Record<EnvName, { file: string; bytes: number; gzipBytes: number; integrity: string; rules: number; dataElements: number; map: string; graph: string; hosts?: HostUse[] }>>;
  /** Added for the simulator; absent in builds made before it existed. */
  simulate?: SimulationSettings;
}
