import { z } from 'zod';
import type { EnvName, Manifest } from '../graph-types';

// The JSON documents `tagc publish` keeps on the bucket besides the build's own files: the
// published manifest (builds/<id>/manifest.json), each environment's pointer (<env>/current.json)
// and release history (<env>/releases.json). The viewer reads them; docs/publishing.md shows an
// example of each. Extend by adding optional fields only.

/** What a published manifest adds to build/manifest.json. Paths are relative to the manifest. */
export interface PublishInfo {
  /** `<commit, first 12 hex>-<build hash>`: names the folder builds/<id>/. */
  buildId: string;
  /** First 12 hex of SHA-256 over the sorted `<env> <integrity>` lines of the environment bundles. */
  buildHash: string;
  /** Full commit SHA the build was made from. */
  commit: string;
  /** Version of the tagc package that published it. */
  tagcVersion: string;
  /** The publish root (where `<env>/releases.json` lives), relative to this manifest: `../../`. */
  root: string;
  /** The build's viewer page relative to this manifest (`viewer/index.html`), or null when published without it. */
  viewer: string | null;
}

/**
 * builds/<id>/manifest.json: build/manifest.json (every environment's file, bytes, gzip bytes,
 * integrity, rules, data elements, hosts, graph) plus `publish`. Each environment's `map` names
 * the source map under the private prefix (relative to this manifest); pages never load it.
 */
export interface PublishedManifest extends Manifest {
  publish: PublishInfo;
}

export type ReleaseAction = 'publish' | 'promote' | 'rollback';

/** One move of an environment's pointer. `<env>/current.json` is the latest record itself. */
export interface ReleaseRecord {
  env: EnvName;
  buildId: string;
  commit: string;
  /** When the build was made (the manifest's buildTime). */
  buildTime: string;
  /** The pinned bundle, relative to the publish root: builds/<id>/<env>/container.<hash>.min.js. */
  file: string;
  integrity: string;
  /** publish (a new build to dev), promote, or rollback. */
  action: ReleaseAction;
  /** When the pointer moved (ISO 8601). */
  at: string;
  /** Who or what moved it: --actor, the CI actor and run, or the local user. */
  by: string;
  /** The build the environment ran before this move, or null for its first release. */
  previous: string | null;
}

export type Pointer = ReleaseRecord;

/** <env>/releases.json: every move of that environment's pointer, oldest first. */
export interface ReleaseHistory {
  env: EnvName;
  releases: ReleaseRecord[];
}

const envName = z.enum(['test', 'dev', 'stg', 'prod', 'internal']);

export const releaseRecordSchema: z.ZodType<ReleaseRecord> = z.object({
  env: envName,
  buildId: z.string(),
  commit: z.string(),
  buildTime: z.string(),
  file: z.string(),
  integrity: z.string(),
  action: z.enum(['publish', 'promote', 'rollback']),
  at: z.string(),
  by: z.string(),
  previous: z.string().nullable(),
});

export const releaseHistorySchema: z.ZodType<ReleaseHistory> = z.object({ env: envName, releases: z.array(releaseRecordSchema) });

/** The part of a published manifest that promotion and rollback rely on, checked when read back. */
export const publishedBuildSchema = z.object({
  buildTime: z.string(),
  environments: z.partialRecord(envName, z.object({ file: z.string(), integrity: z.string(), bytes: z.number() })),
  publish: z.object({ buildId: z.string(), buildHash: z.string(), commit: z.string(), tagcVersion: z.string(), root: z.string(), viewer: z.string().nullable() }),
});

export type PublishedBuild = z.infer<typeof publishedBuildSchema>;
