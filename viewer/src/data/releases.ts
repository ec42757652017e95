import type { Manifest } from '../../../compiler/graph-types';
import type { PublishInfo, ReleaseHistory, ReleaseRecord } from '../../../compiler/publish/release-types';
import { dataBase } from './fetch-build';

// The release history `tagc publish | promote | rollback` keeps beside the builds: a published
// manifest names the publish root (`publish.root`), under which each environment has
// `<env>/releases.json`. A build made locally has no `publish`: there is no history to show.

export type EnvReleases = { env: string; status: 'ready'; releases: ReleaseRecord[] } | { env: string; status: 'none' } | { env: string; status: 'error'; message: string };

/** The manifest's `publish` block when the build was published (a field builds add). */
export function publishInfo(manifest: Manifest): PublishInfo | null {
  const p = (manifest as Manifest & { publish?: unknown }).publish;
  if (!p || typeof p !== 'object') return null;
  const { buildId, root } = p as Partial<PublishInfo>;
  return typeof buildId === 'string' && typeof root === 'string' ? (p as PublishInfo) : null;
}

const isRecord = (r: unknown): r is ReleaseRecord => {
  if (!r || typeof r !== 'object') return false;
  const x = r as Record<string, unknown>;
  return ['env', 'buildId', 'commit', 'buildTime', 'action', 'at', 'by'].every((k) => typeof x[k] === 'string') && (x.previous === null || typeof x.previous === 'string');
};

export const publishRoot = (info: PublishInfo, base = dataBase()): string => new URL(info.root, new URL('manifest.json', base)).href;

/** Each environment's history, oldest first as stored; a missing file means the environment never had a release. */
export async function loadReleases(info: PublishInfo, envs: string[], base = dataBase()): Promise<EnvReleases[]> {
  const root = publishRoot(info, base);
  return Promise.all(
    envs.map(async (env): Promise<EnvReleases> => {
      const url = new URL(`${env}/releases.json`, root).href;
      try {
        const res = await fetch(url, { cache: 'no-cache' });
        if (res.status === 404 || res.status === 403) return { env, status: 'none' };
        if (!res.ok) return { env, status: 'error', message: `${url}: HTTP ${res.status}` };
        const doc = (await res.json()) as Partial<ReleaseHistory>;
        if (!Array.isArray(doc.releases)) return { env, status: 'error', message: `${env}/releases.json has no releases list` };
        const bad = doc.releases.findIndex((r) => !isRecord(r));
        if (bad >= 0) return { env, status: 'error', message: `${env}/releases.json: releases.${bad} is not a release record` };
        return { env, status: 'ready', releases: doc.releases };
      } catch (error) {
        return { env, status: 'error', message: `${url}: ${error instanceof Error ? error.message : String(error)}` };
      }
    }),
  );
}

/** The viewer of a published build, on the same route. */
export const buildViewerUrl = (root: string, buildId: string, hash: string): string => new URL(`builds/${encodeURIComponent(buildId)}/viewer/index.html${hash}`, root).href;
