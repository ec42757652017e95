import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { EnvName, Manifest } from '../graph-types';
import { buildHash, buildIdOf, integrityOf } from './identity';
import { buildKey, headersFor, MANIFEST_TO_ROOT, manifestKey, mapKey, type ObjectHeaders } from './layout';
import type { PublishedManifest } from './release-types';

// A build folder (build/) as the objects one publish uploads: every environment's bundle and
// graph, the schema documents and the viewer under builds/<id>/, the maps under the private
// prefix, and the published manifest. Nothing else in the folder is published.

export interface PlannedObject {
  key: string;
  body: Buffer;
  headers: ObjectHeaders;
}

export interface LocalBuild {
  buildId: string;
  manifest: PublishedManifest;
  objects: PlannedObject[];
}

/** Folders of the build published as they are, beside the environments. */
const STATIC_FOLDERS = ['schemas', 'viewer'];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (name.startsWith('.')) return [];
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

export function readLocalBuild(buildDir: string, identity: { commit: string; tagcVersion: string }): LocalBuild {
  const manifestFile = join(buildDir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`nothing to publish: ${manifestFile} is missing (run tagc build)`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`${manifestFile} is not valid JSON: ${(error as Error).message}`);
  }
  const envs = Object.keys(manifest.environments ?? {}) as EnvName[];
  if (!envs.length) throw new Error(`${manifestFile} lists no environment (run tagc build)`);

  const hash = buildHash(manifest);
  const buildId = buildIdOf(identity.commit, hash);
  const objects: PlannedObject[] = [];
  const add = (key: string, body: Buffer) => objects.push({ key, body, headers: headersFor(key) });
  const read = (path: string) => {
    const full = join(buildDir, path);
    if (!existsSync(full)) throw new Error(`${full} is missing although build/manifest.json names it (run tagc build again)`);
    return readFileSync(full);
  };

  const environments: Manifest['environments'] = {};
  for (const env of envs) {
    const entry = manifest.environments[env]!;
    const bundle = read(entry.file);
    // A bundle edited or rebuilt after the manifest was written must not be published under it.
    if (integrityOf(bundle) !== entry.integrity) throw new Error(`${join(buildDir, entry.file)} does not match the integrity in ${manifestFile} (run tagc build again)`);
    add(buildKey(buildId, entry.file), bundle);
    add(buildKey(buildId, entry.graph), read(entry.graph));
    add(mapKey(buildId, entry.map), read(entry.map));
    environments[env] = { ...entry, map: `${MANIFEST_TO_ROOT}${mapKey(buildId, entry.map)}` };
  }
  for (const folder of STATIC_FOLDERS) {
    for (const file of filesUnder(join(buildDir, folder))) add(buildKey(buildId, relative(buildDir, file).split(sep).join('/')), readFileSync(file));
  }

  const hasViewer = existsSync(join(buildDir, 'viewer', 'index.html'));
  const published: PublishedManifest = {
    ...manifest,
    environments,
    publish: { buildId, buildHash: hash, commit: identity.commit, tagcVersion: identity.tagcVersion, root: MANIFEST_TO_ROOT, viewer: hasViewer ? 'viewer/index.html' : null },
  };
  add(manifestKey(buildId), Buffer.from(`${JSON.stringify(published, null, 2)}\n`));
  return { buildId, manifest: published, objects };
}
