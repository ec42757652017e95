// The compiler, precompiled: esbuild bundles compiler/cli/main.ts (packages external, one chunk
// per command loaded on demand) into node_modules/.cache/tagc/compiler/<key>/, so a run does not pay for
// tsx transforming ~190 modules. The key hashes the path, size and mtime of every source the
// bundle was built from (esbuild's metafile lists them), so an edited source is a new key and
// stale code never runs. TAGC_PRECOMPILE=0 runs the sources through tsx as before.
// Packages stay external, except the pure-JavaScript ones `build` loads at start-up (INLINED): Node 20
// has no compile cache, and loading zod's ~80 ES modules and ajv's ~60 CommonJS ones one by one
// cost about 0.3 s CPU a run; bundled in, they are read as part of one chunk. Their files are
// inputs like ours, so an updated package is a new key too.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const OLD_AFTER_MS = 24 * 3600 * 1000;
/**
 * Packages bundled into the compiler: pure JavaScript that finds nothing through its own path (no
 * native binary, no import.meta.url) and requires no Node built-in (an ES module has no require).
 */
const INLINED = new Set(['zod', 'acorn', 'ajv']);

/** `{ main }` from the precompiled bundle, or null when precompiling is off or cannot be done. */
export async function loadCompiled() {
  if (process.env.TAGC_PRECOMPILE === '0') return null;
  const cache = process.env.TAGC_COMPILE_CACHE ?? join(ROOT, 'node_modules', '.cache', 'tagc', 'compiler');
  try {
    const dir = current(cache) ?? (await compile(cache));
    return await import(pathToFileURL(join(dir, 'main.js')).href);
  } catch (error) {
    if (process.env.TAGC_DEBUG_PRECOMPILE) process.stderr.write(`tagc: precompiling failed, running sources: ${error}\n`);
    return null;
  }
}

/** The key of a set of sources as they are on disk now, or null if one is gone. */
function keyOf(inputs) {
  const hash = createHash('sha256').update(`${process.version}\n`);
  for (const file of inputs) {
    let st;
    try {
      st = statSync(join(ROOT, file));
    } catch {
      return null;
    }
    hash.update(`${file}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 24);
}

/** The bundle directory still valid for the sources on disk, if any. */
function current(cache) {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(join(cache, 'current.json'), 'utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(recorded.inputs) || keyOf(recorded.inputs) !== recorded.key) return null;
  const dir = join(cache, recorded.key);
  try {
    statSync(join(dir, 'main.js'));
  } catch {
    return null;
  }
  return dir;
}

/** Bundles the compiler into a fresh directory, then moves it into place (concurrent runs agree). */
async function compile(cache) {
  const esbuild = await import('esbuild');
  mkdirSync(cache, { recursive: true });
  const tmp = join(cache, `.tmp-${process.pid}-${Date.now()}`);
  const result = await esbuild.build({
    entryPoints: { main: ENTRY },
    absWorkingDir: ROOT,
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    plugins: [ownUrls, externalPackages],
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const key = keyOf(inputs);
  if (!key) throw new Error('a source vanished while precompiling');
  const dir = join(cache, key);
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run put the same bundle in place
  }
  const record = join(cache, `.current-${process.pid}.json`);
  writeFileSync(record, JSON.stringify({ key, inputs }));
  renameSync(record, join(cache, 'current.json'));
  sweep(cache, key);
  return dir;
}

/** Removes bundles of old sources a day after they were built (a running process may still use one). */
function sweep(cache, keep) {
  const now = Date.now();
  for (const name of readdirSync(cache)) {
    if (name === keep || name === 'current.json') continue;
    const path = join(cache, name);
    try {
      if (now - statSync(path).mtimeMs > OLD_AFTER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // gone already
    }
  }
}

/** A source of this package (not a dependency), wherever the package is installed. */
function ours(file) {
  const rel = relative(ROOT, file);
  return !rel.startsWith('..') && !isAbsolute(rel) && rel.split(sep)[0] !== 'node_modules';
}

/** Every package external, but INLINED ones and what they import. */
const externalPackages = {
  name: 'tagc-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || !ours(args.importer)) return undefined;
      const name = args.path.split('/').slice(0, args.path.startsWith('@') ? 2 : 1).join('/');
      return INLINED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * Modules find their siblings (runtime/, package.json, workers) from import.meta.url: each keeps
 * its own source's URL rather than the bundle's.
 */
const ownUrls = {
  name: 'tagc-own-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (!ours(args.path)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      const ext = extname(args.path).replace(/^\.[cm]?/, '.');
      return { contents, loader: ext === '.tsx' ? 'tsx' : ext === '.ts' ? 'ts' : ext === '.jsx' ? 'jsx' : 'js', resolveDir: dirname(args.path) };
    });
  },
};
