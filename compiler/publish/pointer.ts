import type { EnvName } from '../graph-types';
import { readHistory, readPointer } from './documents';
import { contentOf, sameStored } from './encoding';
import { integrityOf } from './identity';
import { readsBack } from './read-back';
import { buildKey, headersFor, historyKey, pointerKey, stableKey, STABLE_VIEWER_KEY } from './layout';
import type { Pointer, PublishedBuild, ReleaseAction, ReleaseHistory, ReleaseRecord } from './release-types';
import type { StorageTarget, StoredObject } from './target';

// Moving an environment's pointer: the stable URL gets the bytes of the build's pinned bundle as
// stored (gzip-encoded or not, with that Content-Encoding: ./encoding.ts),
// <env>/current.json the new record, prod's stable viewer a page that opens that build's viewer;
// then everything is read back and checked, and only then the history gets the record. If any
// step fails, what was written is put back as it was, so the page keeps the build it ran.

export interface MovePlan {
  env: EnvName;
  from: Pointer | null;
  record: ReleaseRecord;
  /** The environment already runs this build: nothing to write. */
  unchanged: boolean;
  /** Keys written, in order. */
  writes: string[];
  history: ReleaseHistory;
  /** The build's viewer page (publish root relative) when the stable viewer follows this move. */
  viewer: string | null;
  /**
   * The build's debug companion, copied beside the stable URL: a bundle loaded from
   * <env>/container.min.js loads its companion from <env>/ (content-hashed, so never stale).
   */
  companion: { from: string; to: string; integrity: string } | null;
}

export async function planMove(target: StorageTarget, build: PublishedBuild, env: EnvName, move: { action: ReleaseAction; by: string; at: string }): Promise<MovePlan> {
  const id = build.publish.buildId;
  const entry = build.environments[env];
  if (!entry) throw new Error(`build ${id} has no ${env} bundle (it has ${Object.keys(build.environments).join(', ')}); build every environment before publishing`);
  const [from, history] = await Promise.all([readPointer(target, env), readHistory(target, env)]);
  const record: ReleaseRecord = { env, buildId: id, commit: build.publish.commit, buildTime: build.buildTime, file: buildKey(id, entry.file), integrity: entry.integrity, action: move.action, at: move.at, by: move.by, previous: from?.buildId ?? null };
  const viewer = env === 'prod' && build.publish.viewer ? buildKey(id, build.publish.viewer) : null;
  const debug = entry.debug;
  const companion = debug ? { from: buildKey(id, debug.file), to: `${env}/${debug.file.split('/').pop()}`, integrity: debug.integrity } : null;
  const writes = [...(companion ? [companion.to] : []), stableKey(env), pointerKey(env), ...(viewer ? [STABLE_VIEWER_KEY] : []), historyKey(env)];
  return { env, from, record, unchanged: from?.buildId === id, writes, history, viewer, companion };
}

/** A page at viewer/index.html that opens the viewer of the build prod runs, keeping the #route. */
export function stableViewerPage(viewer: string, buildId: string): string {
  const href = JSON.stringify(`../${viewer}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tagc viewer: prod</title>
<meta http-equiv="refresh" content="0; url=../${viewer}">
<script>location.replace(${href} + location.hash);</script>
</head><body><p><a href="../${viewer}">The rules of build ${buildId}, which prod runs</a></p></body></html>
`;
}

const json = (value: unknown): StoredObject => ({ body: Buffer.from(`${JSON.stringify(value, null, 2)}\n`), contentEncoding: null });

/** Headers of `key` for an object stored as `stored` is. */
const headersOf = (key: string, stored: StoredObject) => headersFor(key, stored.contentEncoding === 'gzip' ? 'gzip' : undefined);

export async function applyMove(target: StorageTarget, plan: MovePlan): Promise<void> {
  if (plan.unchanged) return;
  const { env, record } = plan;
  const bundle = await target.get(record.file);
  if (!bundle) throw new Error(`${target.location}/${record.file} is missing: ${env} was not moved`);
  // SRI is over the decoded bytes (browsers check it after content decoding).
  if (integrityOf(contentOf(bundle, `${target.location}/${record.file}`)) !== record.integrity) throw new Error(`${target.location}/${record.file} does not match the integrity its manifest gives (${record.integrity}): ${env} was not moved`);

  const journal: { key: string; previous: StoredObject | null }[] = [];
  const write = async (key: string, stored: StoredObject) => {
    journal.push({ key, previous: await target.get(key) });
    await target.put(key, stored.body, headersOf(key, stored));
  };
  const pointer = json(record);
  const history = json({ env, releases: [...plan.history.releases, record] } satisfies ReleaseHistory);
  try {
    if (plan.companion) {
      const from = `${target.location}/${plan.companion.from}`;
      const companion = await target.get(plan.companion.from);
      if (!companion || integrityOf(contentOf(companion, from)) !== plan.companion.integrity) throw new Error(`${from} is missing or does not match its integrity`);
      await write(plan.companion.to, companion);
    }
    await write(stableKey(env), bundle);
    await write(pointerKey(env), pointer);
    if (plan.viewer) await write(STABLE_VIEWER_KEY, { body: Buffer.from(stableViewerPage(plan.viewer, record.buildId)), contentEncoding: null });
    // The page-facing objects are checked before the history records the move.
    await verify(target, stableKey(env), bundle, `the bundle with integrity ${record.integrity}`);
    await verify(target, pointerKey(env), pointer, `the pointer to ${record.buildId}`);
    await write(historyKey(env), history);
    await verify(target, historyKey(env), history, 'the history ending with this move');
  } catch (error) {
    const restored = await restore(target, journal);
    const before = plan.from ? `${env} still runs ${plan.from.buildId}` : `${env} has no release, as before`;
    throw new Error(`moving ${env} to ${record.buildId} failed: ${(error as Error).message}\n${restored.length ? `could NOT restore ${restored.join(', ')}: check ${target.location} by hand` : `every object written was restored: ${before}`}`);
  }
}

async function verify(target: StorageTarget, key: string, stored: StoredObject, what: string): Promise<void> {
  if (!(await readsBack(target, key, stored))) throw new Error(`verification failed: ${target.location}/${key} does not read back as ${what}`);
}

/**
 * Puts back what the journal wrote, newest first; returns the keys it could not restore. A key
 * whose own write failed may never have changed: reading it back tells.
 */
async function restore(target: StorageTarget, journal: { key: string; previous: StoredObject | null }[]): Promise<string[]> {
  const failed: string[] = [];
  for (const { key, previous } of [...journal].reverse()) {
    try {
      if (previous) await target.put(key, previous.body, headersOf(key, previous));
      else await target.delete(key);
    } catch {
      const now = await target.get(key).catch(() => undefined);
      const asBefore = previous ? sameStored(now ?? null, previous) : now === null;
      if (!asBefore) failed.push(key);
    }
  }
  return failed;
}
