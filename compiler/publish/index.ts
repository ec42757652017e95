import { join } from 'node:path';
import type { EnvName } from '../graph-types';
import { cacheDir } from '../typecheck';
import { readHistory, readPublishedBuild } from './documents';
import { rollbackTarget } from './history';
import type { Encoder } from './encoding';
import { gzipCache } from './gzip-cache';
import { gzipPool } from './gzip-pool';
import { actorOf, checkBuildId, commitOf, tagcVersion } from './identity';
import type { ObjectHeaders } from './layout';
import { readLocalBuild } from './local-build';
import { planObjects, uploadObjects, type ObjectState } from './objects';
import { applyMove, planMove, type MovePlan } from './pointer';
import type { ReleaseAction, ReleaseHistory } from './release-types';
import type { StorageTarget } from './target';

// tagc publish, promote, rollback and releases over any StorageTarget. Each returns a report of
// what it did (or, with dryRun, would do); compiler/publish/report.ts prints it.

export interface MoveOptions {
  /** Who or what moves the pointer (default: CI actor or local user). */
  actor?: string;
  /** Plan only: read the target, write nothing. */
  dryRun?: boolean;
  /** Clock for the release record (tests). */
  now?: () => Date;
}

export interface PublishOptions extends MoveOptions {
  /** The build folder (build/). */
  buildDir: string;
  /** The project root, for the commit (git HEAD). */
  root: string;
  commit?: string;
  /** Store the bundles gzip-encoded by zopfli (default true); false: every object as it is (--no-precompress). */
  precompress?: boolean;
  /** The gzip encoder (default: zopfli on a worker pool, ./gzip-pool.ts, through the gzip cache); tests give a failing one. */
  encoder?: Encoder;
  /** The gzip cache's folder (./gzip-cache.ts; default: node_modules/.cache/tagc/gzip under root, unless an encoder is given); false: none. */
  gzipCache?: string | false;
}

export interface MoveReport {
  env: EnvName;
  action: ReleaseAction;
  from: string | null;
  to: string;
  unchanged: boolean;
  writes: string[];
  dryRun: boolean;
}

export interface PublishReport {
  location: string;
  buildId: string;
  commit: string;
  dryRun: boolean;
  /** Whether the bundles were planned gzip-encoded (--no-precompress: false). */
  precompress: boolean;
  /**
   * The gzip cache (./gzip-cache.ts): its folder, the objects whose gzip bytes it held (`hits`)
   * and those encoded (`misses`); null when the publish did not use it (--no-precompress, gzipCache: false, an injected encoder without one).
   */
  gzipCache: { dir: string; hits: number; misses: number } | null;
  /**
   * `bytes`: the content; `storedBytes` and `contentEncoding`: the object as the target holds it
   * after the publish (an object already there keeps its encoding, gzip or none: null).
   */
  objects: { key: string; bytes: number; state: ObjectState; headers: ObjectHeaders; storedBytes: number; contentEncoding: string | null }[];
  /** dev's move, or null when the build has no dev bundle. */
  move: MoveReport | null;
}

const moveReport = (plan: MovePlan, dryRun: boolean): MoveReport => ({
  env: plan.env,
  action: plan.record.action,
  from: plan.from?.buildId ?? null,
  to: plan.record.buildId,
  unchanged: plan.unchanged,
  writes: plan.unchanged ? [] : plan.writes,
  dryRun,
});

const stamp = (action: ReleaseAction, options: MoveOptions) => ({ action, by: actorOf(options.actor), at: (options.now?.() ?? new Date()).toISOString() });

/** Uploads the build's immutable objects (all or none is refused), verifies them, then points dev at it. */
export async function publish(target: StorageTarget, options: PublishOptions): Promise<PublishReport> {
  const commit = commitOf(options.root, options.commit);
  const precompress = options.precompress ?? true;
  const build = readLocalBuild(options.buildDir, { commit, tagcVersion: tagcVersion() }, { precompress });
  // The pool's workers start with the first object to encode (none on a re-run: all are there).
  const pool = gzipPool();
  // An injected encoder is not cached unless a cache folder is given too (a test's failing encoder must run).
  const cacheFolder = options.gzipCache ?? (options.encoder ? false : join(cacheDir(options.root), 'gzip'));
  const cache = precompress && cacheFolder !== false ? gzipCache(cacheFolder, options.encoder ?? pool.encode) : null;
  const encode: Encoder = cache?.encode ?? options.encoder ?? pool.encode;
  const dryRun = Boolean(options.dryRun);
  try {
    const plans = await planObjects(target, build.objects, encode);
    const dev = build.manifest.environments.dev ? await planMove(target, build.manifest, 'dev', stamp('publish', options)) : null;
    let objects: PublishReport['objects'];
    try {
      if (!dryRun) await uploadObjects(target, plans);
      objects = await Promise.all(
        plans.map(async (p) => {
          const stored = await p.stored;
          return { key: p.key, bytes: p.body.length, state: p.state, headers: p.headers, storedBytes: stored.body.length, contentEncoding: stored.contentEncoding };
        }),
      );
    } catch (error) {
      throw new Error(`publish of ${build.buildId} stopped: ${(error as Error).message}\nno pointer was moved; objects already uploaded stay under builds/${build.buildId}/ and a re-run completes them`);
    }
    if (dev && !dryRun) await applyMove(target, dev);
    const cached = cache && { dir: cache.dir, hits: cache.hits, misses: cache.misses };
    return { location: target.location, buildId: build.buildId, commit, dryRun, precompress, gzipCache: cached, objects, move: dev && moveReport(dev, dryRun) };
  } finally {
    await pool.close();
  }
}

async function move(target: StorageTarget, env: EnvName, buildId: string, action: ReleaseAction, options: MoveOptions): Promise<MoveReport> {
  const build = await readPublishedBuild(target, checkBuildId(buildId));
  const plan = await planMove(target, build, env, stamp(action, options));
  if (!options.dryRun) await applyMove(target, plan);
  return moveReport(plan, Boolean(options.dryRun));
}

/** Points `env` at a build already published (its bundles as they are: never a rebuild). */
export function promote(target: StorageTarget, env: EnvName, buildId: string, options: MoveOptions = {}): Promise<MoveReport> {
  return move(target, env, buildId, 'promote', options);
}

/** Points `env` back at the build it ran before (or at `to`, an earlier release of it). */
export async function rollback(target: StorageTarget, env: EnvName, options: MoveOptions & { to?: string } = {}): Promise<MoveReport> {
  const to = rollbackTarget(await readHistory(target, env), options.to && checkBuildId(options.to));
  return move(target, env, to, 'rollback', options);
}

/** The release history of each environment that has one. */
export async function releases(target: StorageTarget, envs: EnvName[]): Promise<ReleaseHistory[]> {
  const all = await Promise.all(envs.map((env) => readHistory(target, env)));
  return all.filter((h) => h.releases.length > 0);
}
