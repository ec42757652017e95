import type { EnvName } from '../graph-types';

// The bucket layout (docs/publishing.md), relative to the publish root (s3://bucket/<prefix>/ or
// the target folder). Pure functions with no Node imports: the viewer may import them too.
//
//   builds/<id>/manifest.json                       published manifest        immutable
//   builds/<id>/<env>/container.<hash>.min.js       bundle                    immutable
//   builds/<id>/<env>/graph.json, schemas/…, viewer/…                          immutable
//   private/maps/<id>/<env>/container.<hash>.min.js.map   source maps         private
//   <env>/container.min.js                          stable URL                60 s
//   <env>/current.json, <env>/releases.json         pointer, history          60 s
//   viewer/index.html                               stable viewer (prod)      60 s

export const STABLE_MAX_AGE = 60;

export type ObjectClass = 'immutable' | 'movable' | 'private';

export const CACHE_CONTROL: Record<ObjectClass, string> = {
  immutable: 'public, max-age=31536000, immutable',
  movable: `public, max-age=${STABLE_MAX_AGE}`,
  private: 'private, max-age=31536000, immutable',
};

export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** `gzip`: the object is stored precompressed (compiler/publish/encoding.ts); absent: as it is. */
  contentEncoding?: 'gzip';
}

/** `<commit, 12 hex>-<build hash, 12 hex>`; a full or shorter commit is accepted when typed. */
export const BUILD_ID = /^[0-9a-f]{7,40}-[0-9a-f]{12}$/;

export const buildRoot = (id: string): string => `builds/${id}/`;
export const manifestKey = (id: string): string => `builds/${id}/manifest.json`;
export const isManifestKey = (key: string): boolean => /^builds\/[^/]+\/manifest\.json$/.test(key);
/** A file of the build folder (e.g. `prod/graph.json`, `viewer/index.html`) on the bucket. */
export const buildKey = (id: string, path: string): string => `builds/${id}/${path}`;
/** A source map (its path in the build folder) under the private prefix. */
export const mapKey = (id: string, path: string): string => `private/maps/${id}/${path}`;
export const stableKey = (env: EnvName): string => `${env}/container.min.js`;
export const pointerKey = (env: EnvName): string => `${env}/current.json`;
export const historyKey = (env: EnvName): string => `${env}/releases.json`;
export const STABLE_VIEWER_KEY = 'viewer/index.html';
export const PRIVATE_PREFIX = 'private/';

/** From a published manifest (builds/<id>/manifest.json) back to the publish root. */
export const MANIFEST_TO_ROOT = '../../';

export function classOf(key: string): ObjectClass {
  if (key.startsWith(PRIVATE_PREFIX)) return 'private';
  if (key.startsWith('builds/')) return 'immutable';
  return 'movable';
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  txt: 'text/plain; charset=utf-8',
};

export function contentType(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

export function headersFor(key: string, contentEncoding?: 'gzip'): ObjectHeaders {
  return { contentType: contentType(key), cacheControl: CACHE_CONTROL[classOf(key)], ...(contentEncoding ? { contentEncoding } : {}) };
}

/**
 * The `_headers` file a directory target gets (Netlify and Cloudflare Pages read it; other
 * servers: docs/publishing.md). Paths assume the folder is served at the site root. Bundles are
 * loaded with `crossorigin` for SRI, so they need CORS.
 */
export function headersFile(envs: readonly EnvName[]): string {
  const block = (path: string, cls: ObjectClass, cors: boolean) =>
    [path, `  Cache-Control: ${CACHE_CONTROL[cls]}`, ...(cors ? ['  Access-Control-Allow-Origin: *'] : []), '  X-Content-Type-Options: nosniff'].join('\n');
  return [
    '# Written by tagc publish (docs/publishing.md). Never serve /private/: it holds the source maps.',
    block('/builds/*', 'immutable', true),
    ...envs.map((env) => block(`/${env}/*`, 'movable', true)),
    block('/viewer/*', 'movable', false),
    block('/private/*', 'private', false),
    '',
  ].join('\n');
}
