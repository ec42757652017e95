import { ENV_NAMES } from '../environments';
import type { EnvName } from '../graph-types';
import { readHistory, readPointer } from './documents';
import { manifestKey } from './layout';
import type { ReleaseHistory } from './release-types';
import type { StorageTarget } from './target';

// tagc prune: builds/<id>/ and private/maps/<id>/ grow by one build per publish. A build an
// environment ran among its last `keep` releases (or runs now) stays, so rollback and promote
// keep working within that window; an older one that some environment ran is removed. A build no
// environment ever ran is left alone: it may be a publish in flight, or one that stopped part-way
// and that a re-run of tagc publish completes.

export interface PruneOptions {
  /** How many of each environment's most recent builds stay (at least 1: the one it runs). */
  keep: number;
  /** Plan only: list, read the histories, delete nothing. */
  dryRun?: boolean;
}

export interface PruneReport {
  location: string;
  keep: number;
  dryRun: boolean;
  /** Builds that stay, with the environments that keep each, newest first per environment. */
  kept: { buildId: string; envs: EnvName[] }[];
  /** Builds removed (or, with dryRun, that would be), with their keys. */
  pruned: { buildId: string; keys: string[] }[];
  /** Builds on the target that no environment ever ran: left alone. */
  unreleased: string[];
}

/** Parallel deletes per step; S3 and a folder both take this many at once without strain. */
const AT_ONCE = 8;

/** The builds each environment keeps: the last `keep` distinct builds it ran, most recent first. */
export function keptBuilds(histories: ReleaseHistory[], keep: number): Map<string, EnvName[]> {
  const kept = new Map<string, EnvName[]>();
  for (const h of histories) {
    const recent: string[] = [];
    for (let i = h.releases.length - 1; i >= 0 && recent.length < keep; i--) {
      const id = h.releases[i]!.buildId;
      if (!recent.includes(id)) recent.push(id);
    }
    for (const id of recent) kept.set(id, [...(kept.get(id) ?? []), h.env]);
  }
  return kept;
}

/** `builds/<id>/…` and `private/maps/<id>/…` keys by build id. */
async function publishedKeys(target: StorageTarget): Promise<Map<string, string[]>> {
  const [builds, maps] = await Promise.all([target.list('builds/'), target.list('private/maps/')]);
  const byId = new Map<string, string[]>();
  const add = (key: string, at: number) => {
    const id = key.split('/')[at];
    if (id) byId.set(id, [...(byId.get(id) ?? []), key]);
  };
  builds.forEach((key) => add(key, 1));
  maps.forEach((key) => add(key, 2));
  return byId;
}

export async function prune(target: StorageTarget, options: PruneOptions): Promise<PruneReport> {
  if (!Number.isInteger(options.keep) || options.keep < 1) throw new Error(`--keep must be a whole number of at least 1 (the build an environment runs always stays), got ${options.keep}`);
  // Every history and pointer is read (and must parse) before anything is deleted.
  const [histories, pointers, keys] = await Promise.all([
    Promise.all(ENV_NAMES.map((env) => readHistory(target, env))),
    Promise.all(ENV_NAMES.map((env) => readPointer(target, env))),
    publishedKeys(target),
  ]);
  const kept = keptBuilds(histories, options.keep);
  for (const p of pointers) if (p && !kept.get(p.buildId)?.includes(p.env)) kept.set(p.buildId, [...(kept.get(p.buildId) ?? []), p.env]);
  const released = new Set(histories.flatMap((h) => h.releases.map((r) => r.buildId)));
  const ids = [...keys.keys()].sort();
  const pruned = ids.filter((id) => released.has(id) && !kept.has(id)).map((id) => ({ buildId: id, keys: deleteOrder(id, keys.get(id)!) }));
  const report: PruneReport = {
    location: target.location,
    keep: options.keep,
    dryRun: Boolean(options.dryRun),
    kept: [...kept].map(([buildId, envs]) => ({ buildId, envs })),
    pruned,
    unreleased: ids.filter((id) => !released.has(id) && !kept.has(id)),
  };
  if (!options.dryRun) for (const [i, build] of pruned.entries()) await removeBuild(target, build, pruned.slice(0, i).map((b) => b.buildId));
  return report;
}

/** The manifest first: once it is gone no environment can be pointed at the build, whatever remains of it. */
function deleteOrder(id: string, keys: string[]): string[] {
  const manifest = manifestKey(id);
  return [...keys.filter((k) => k === manifest), ...keys.filter((k) => k !== manifest)];
}

async function removeBuild(target: StorageTarget, build: { buildId: string; keys: string[] }, before: string[]): Promise<void> {
  const done = before.length ? ` Builds removed before it: ${before.join(', ')}.` : '';
  // A build a stopped prune left without its manifest goes straight to the rest.
  const hasManifest = build.keys[0] === manifestKey(build.buildId);
  if (hasManifest) {
    try {
      await target.delete(build.keys[0]!);
    } catch (error) {
      throw new Error(`prune stopped at build ${build.buildId}: ${(error as Error).message}\nthe build is left whole.${done}`);
    }
  }
  const rest = hasManifest ? build.keys.slice(1) : build.keys;
  const failures: string[] = [];
  for (let i = 0; i < rest.length; i += AT_ONCE) {
    const results = await Promise.allSettled(rest.slice(i, i + AT_ONCE).map((key) => target.delete(key)));
    for (const r of results) if (r.status === 'rejected') failures.push((r.reason as Error).message);
  }
  if (failures.length) {
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
    throw new Error(
      `prune stopped at build ${build.buildId}: ${failures[0]}${more}\nits manifest is gone, so no environment can be pointed at it; re-run tagc prune to remove what is left of it.${done}`,
    );
  }
}
