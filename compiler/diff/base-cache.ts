import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion } from '../kept-outputs';
import { cacheDir } from '../typecheck';

// Base builds of `tagc diff --base <ref>` kept between runs, in the project's
// node_modules/.cache/tagc/diff-base/<key>/: a pull request's CI job, or a developer diffing again
// after an edit, compares against the same base commit every time, and building it again gives
// the same bytes (a ref's build is reproducible: its build time is the commit's). The key is
// everything such a build depends on: the commit's tree, the environments asked for, this tagc's
// own sources (compiler and runtime, by content), the runtime it is built with (the head's, which
// may be the project's own copy: by content), the bundling packages' versions and the project's
// lock file (the base worktree resolves packages from the project's node_modules).

/** How many base builds are kept; the least recently used go first. */
export const KEPT_BASES = 4;

const TOOL_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOOL_PACKAGES = ['esbuild', '@swc/core', 'typescript', 'acorn'];

/** The content of every source file under each folder (named by its key), as one hash. */
function sourcesFingerprint(folders: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const [name, base] of Object.entries(folders)) {
    if (!existsSync(base)) continue;
    const files = (readdirSync(base, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => /\.(?:[cm]?[jt]sx?|json)$/.test(f) && !f.split(sep).includes('node_modules'))
      .sort();
    for (const f of files) {
      const path = join(base, f);
      if (!statSync(path).isFile()) continue;
      hash.update(`${name}/${f.split(sep).join('/')}\0`).update(readFileSync(path)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** The content of every source file of tagc's compiler and runtime under `toolRoot`, as one hash. */
export const toolFingerprint = (toolRoot = TOOL_ROOT): string => sourcesFingerprint({ compiler: join(toolRoot, 'compiler'), runtime: join(toolRoot, 'runtime') });

/** The content of the runtime folder a base is built with (the head's: compiler/diff/index.ts), as one hash. */
export const runtimeFingerprint = (runtime: string): string => sourcesFingerprint({ runtime });

export interface BaseKeyInput {
  /** The base commit's tree id (same tree, same build, whichever commit holds it). */
  tree: string;
  envs: readonly string[] | undefined;
  /** toolFingerprint() of the tagc doing the build. */
  tool: string;
  /** runtimeFingerprint() of the runtime the base is built with (a project's own, or tagc's). */
  runtime: string;
  /** Project root: its lock file is part of the key. */
  root: string;
}

export function baseCacheKey(input: BaseKeyInput): string {
  const lock = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock'].map((f) => join(input.root, f)).find((f) => existsSync(f));
  return createHash('sha256')
    .update(JSON.stringify({ tree: input.tree, envs: input.envs ? [...input.envs].sort() : 'all', tool: input.tool, runtime: input.runtime, packages: TOOL_PACKAGES.map(packageVersion), node: process.version }))
    .update(lock ? readFileSync(lock) : '')
    .digest('hex')
    .slice(0, 32);
}

const cacheRoot = (root: string) => join(cacheDir(root), 'diff-base');

/** The kept build of `key`, if a whole one is there (it is moved into place only once complete). */
export function cachedBase(root: string, key: string): string | null {
  const dir = join(cacheRoot(root), key);
  if (!existsSync(join(dir, 'manifest.json'))) return null;
  try {
    const now = new Date();
    utimesSync(dir, now, now); // most recently used
  } catch {
    // read-only cache: still usable
  }
  return dir;
}

/**
 * Keeps a finished build folder under `key` and returns where it now is. A cache that cannot be
 * written (read-only, full disk) leaves the build where it was: the diff goes on without it.
 */
export function keepBase(root: string, key: string, built: string): string {
  const dir = join(cacheRoot(root), key);
  const tmp = `${dir}.${process.pid}-${Date.now().toString(36)}.tmp`;
  let moved = false;
  try {
    mkdirSync(cacheRoot(root), { recursive: true });
    try {
      renameSync(built, tmp);
      moved = true;
    } catch {
      cpSync(built, tmp, { recursive: true }); // another file system
    }
    // A run beside this one that kept the same build first wins; its folder may be in use.
    if (existsSync(join(dir, 'manifest.json'))) rmSync(tmp, { recursive: true, force: true });
    else renameSync(tmp, dir);
  } catch {
    if (!moved) {
      rmSync(tmp, { recursive: true, force: true });
      return built;
    }
    try {
      renameSync(tmp, built);
      return built;
    } catch {
      return tmp; // the build is whole there
    }
  }
  prune(cacheRoot(root), key);
  return dir;
}

const STALE_TMP_MS = 3600_000;

/** Drops kept builds beyond KEPT_BASES, least recently used first (never `keep`), and copies a crashed run left. */
function prune(dir: string, keep: string): void {
  try {
    const entries = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({ name: e.name, used: statSync(join(dir, e.name)).mtimeMs }))
      .sort((a, b) => b.used - a.used);
    const stale = entries.filter((e) => e.name.endsWith('.tmp') && Date.now() - e.used > STALE_TMP_MS);
    const old = entries.filter((e) => !e.name.endsWith('.tmp') && e.name !== keep).slice(KEPT_BASES - 1);
    for (const e of [...stale, ...old]) rmSync(join(dir, e.name), { recursive: true, force: true });
  } catch {
    // best effort
  }
}
