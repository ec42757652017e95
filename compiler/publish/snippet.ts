import type { EnvName } from '../graph-types';
import { readPointer, readPublishedBuild } from './documents';
import { checkBuildId } from './identity';
import { buildKey, stableKey, STABLE_MAX_AGE } from './layout';
import type { StorageTarget } from './target';

// The two ways a page embeds an environment (README, "Embedding a published build"):
// pinned to one build with SRI (changing build means changing the page), or the stable URL that
// promote and rollback move (no integrity possible, up to 60 s of cache).

export interface Snippets {
  env: EnvName;
  buildId: string;
  pinned: { src: string; integrity: string; html: string };
  stable: { src: string; html: string };
}

/** `--build`, else the build `env` runs now. */
export async function snippets(target: StorageTarget, env: EnvName, publicUrl: string, buildId?: string): Promise<Snippets> {
  const id = buildId ? checkBuildId(buildId) : (await readPointer(target, env))?.buildId;
  if (!id) throw new Error(`${env} has no release on ${target.location}: pass --build <id> (tagc releases lists them)`);
  const build = await readPublishedBuild(target, id);
  const entry = build.environments[env];
  if (!entry) throw new Error(`build ${id} has no ${env} bundle`);
  const base = publicUrl.replace(/\/+$/, '');
  const pinned = `${base}/${buildKey(id, entry.file)}`;
  const stable = `${base}/${stableKey(env)}`;
  return {
    env,
    buildId: id,
    pinned: {
      src: pinned,
      integrity: entry.integrity,
      html: `<!-- tagc ${env}, pinned to build ${id}: the browser refuses any other bytes; a new release means a new tag -->\n<script src="${pinned}" integrity="${entry.integrity}" crossorigin="anonymous"></script>`,
    },
    stable: {
      src: stable,
      html: `<!-- tagc ${env}, stable URL: follows tagc promote and rollback within ${STABLE_MAX_AGE} s; no integrity check -->\n<script src="${stable}"></script>`,
    },
  };
}
