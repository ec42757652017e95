import type { EnvName, HostUse } from '../graph-types';

// The output contract of `tagc diff --format json` (documented in docs/diff.md), also what the
// viewer's Compare builds from two graph.json files. Plain JSON. Extend by adding fields only.

/** A declaration present on one side only. */
export interface DeclarationRef {
  /** Rule id, data-element name, or schema event. */
  name: string;
  file: string;
}

/** A declaration on both sides that differs. */
export interface DeclarationChange extends DeclarationRef {
  /** Its content hash differs (its own source or a project module it imports changed). */
  source: boolean;
  /** Compiled fields that differ, e.g. `conditions`, `actions`, `events`, `consent`, `environments`. */
  fields: string[];
}

export interface DeclarationDiff {
  added: DeclarationRef[];
  removed: DeclarationRef[];
  changed: DeclarationChange[];
}

/** An event whose rules run in a different order (or set), as the runtime runs them. */
export interface FiringOrderChange {
  /** Dispatch key (data-layer event name or `@kind[:name]`). */
  event: string;
  label: string;
  base: string[];
  head: string[];
}

/** A rule on both sides whose consent gate differs (declared category or proven gates). */
export interface ConsentChange {
  rule: string;
  base: { consent: string | null; gates: string[] };
  head: { consent: string | null; gates: string[] };
}

/** A host whose use differs: `base`/`head` null when it is new or gone. Keyed by host and directive. */
export interface HostChange {
  host: string;
  directive: HostUse['directive'];
  base: { category: HostUse['category']; rules: string[] } | null;
  head: { category: HostUse['category']; rules: string[] } | null;
}

export interface BundleSize {
  bytes: number;
  gzipBytes: number;
}

/** The structural diff of one environment: graph.json of base × head. */
export interface StructureDiff {
  env: EnvName;
  /** The build on each side (null: the environment is not in that build). */
  base: { hash: string; buildTime: string; version: string } | null;
  head: { hash: string; buildTime: string; version: string } | null;
  /** Both bundles are the same bytes (same content hash). */
  identical: boolean;
  rules: DeclarationDiff;
  dataElements: DeclarationDiff;
  schemas: DeclarationDiff;
  firingOrder: FiringOrderChange[];
  consent: ConsentChange[];
  hosts: { added: HostChange[]; removed: HostChange[]; changed: HostChange[] };
  /** Rules switched off (`enabled: false`) in head but not base (`off`), and back on (`on`). */
  switched: { off: string[]; on: string[] };
  size: { base: BundleSize | null; head: BundleSize | null; bytes: number; gzipBytes: number };
}

/** One parameter of a request, with the analytics mapping's name where the project has one. */
export interface ParamChange {
  /** Wire name, e.g. `v22`. */
  key: string;
  /** Readable name from the project's mapping table, e.g. `eVar22 (pageName)`; else the key. */
  label: string;
  base: string | null;
  head: string | null;
}

/** A request in a scenario's run, normalised (random and time-bound values replaced). */
export interface RequestRef {
  method: string;
  transport: string;
  url: string;
  params: Record<string, string>;
  body?: unknown;
}

export interface RequestChange {
  /** Same endpoint on both sides, different parameters or body. */
  url: string;
  method: string;
  transport: string;
  params: ParamChange[];
  body?: { base: unknown; head: unknown };
}

/** What changed in one scenario in one environment. */
export interface ScenarioEnvChange {
  env: EnvName;
  requests: { appeared: RequestRef[]; disappeared: RequestRef[]; changed: RequestChange[] };
  /** `<rule> @ <event>` entries that fired on one side only. */
  fired: { added: string[]; removed: string[] };
  skipped: { added: string[]; removed: string[] };
  failed: { added: string[]; removed: string[] };
  /** A side whose simulation failed, with the error. */
  errors?: { base?: string; head?: string };
}

export interface ScenarioChange {
  scenario: string;
  description: string;
  file: string;
  envs: ScenarioEnvChange[];
}

export interface BehaviourDiff {
  /** Scenarios loaded, and simulations run per build. */
  scenarios: number;
  runs: number;
  /** Only scenarios that changed in at least one environment. */
  changes: ScenarioChange[];
  /**
   * Simulations that failed on either build (also those failing on both, which `changes` leaves
   * out since nothing differs): a behaviour diff over them proves nothing.
   */
  failures?: SimulationFailure[];
}

export interface SimulationFailure {
  scenario: string;
  env: EnvName;
  base?: string;
  head?: string;
}

/** A `--fail-on` condition: `new-host`, `consent`, `removed-rule`, `size:+<bytes>` (gzip). */
export type FailOn = { kind: 'new-host' } | { kind: 'consent' } | { kind: 'removed-rule' } | { kind: 'size'; gzipBytes: number };

export interface DiffReport {
  /** Contract version of this document. */
  format: 1;
  /** `cached` (a git ref only): its build was the one an earlier diff kept (compiler/diff/base-cache.ts). */
  base: { label: string; version: string | null; cached?: boolean };
  head: { label: string; version: string | null };
  environments: EnvName[];
  structure: StructureDiff[];
  /** Absent when behaviour was not compared (no scenarios given). */
  behaviour?: BehaviourDiff;
  /** `--fail-on` conditions met (empty: none, or none asked). */
  failed: string[];
  /** Real milliseconds the diff took, by phase (builds, simulations). */
  timings: Record<string, number>;
}
