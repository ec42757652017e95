import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { EnvName, Manifest } from '../graph-types';
import { buildHash, buildIdOf, integrityOf } from './identity';
import { buildKey, headersFor, MANIFEST_TO_ROOT, manifestKey, mapKey, type ObjectHeaders } from './layout';
import type { PublishedManifest } from './release-types';

// A build folder (build/) as the objects one publish uploads: every environment's bundle and
// graph (and debug companion), the schema documents and the viewer under builds/<id>/, the maps under the private
// prefix, and the published manifest. Nothing else in the folder is published.
// With precompression the bundles and debug companions are planned as gzip (their headers'
// contentEncoding; ./encoding.ts). The rest stays as it is, by measured benefit (zopfli at 15
// iterations, the container's build): a graph.json saves 1.3 KB of 34 KB gzip -9 for 2.9-3.7 s of
// CPU each and is read by the viewer, not by visitors; manifest.json 104 B for 2.2 s; the source
// maps are private, never on a visitor's wire; the schemas save 10-25 B each; the viewer is for
// the team, and the CDN compresses all of these on the fly.

export interface PlannedObject {
  key: string;
  /** The content: for an object stored gzip-encoded (headers.contentEncoding), its decoded bytes. */
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

export function readLocalBuild(buildDir: string, identity: { commit: string; tagcVersion: string }, options: { precompress?: boolean } = {}): LocalBuild {
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
  const addScript = (key: string, body: Buffer) => objects.push({ key, body, headers: headersFor(key, options.precompress ? 'gzip' : undefined) });
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
    addScript(buildKey(buildId, entry.file), bundle);
    add(buildKey(buildId, entry.graph), read(entry.graph));
    add(mapKey(buildId, entry.map), read(entry.map));
    if (entry.debug) {
      // The debug companion is loaded with this integrity: publish only the bytes it names.
      const companion = read(entry.debug.file);
      if (integrityOf(companion) !== entry.debug.integrity) throw new Error(`${join(buildDir, entry.debug.file)} does not match the integrity in ${manifestFile} (run tagc build again)`);
      addScript(buildKey(buildId, entry.debug.file), companion);
    }
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
