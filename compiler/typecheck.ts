import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Diagnostics, type Diagnostic } from './diagnostics';
import { filesState, filesUnchanged, isFileStates, keptValues, KeptOutputs, projectFiles, workingCode, type FileStates } from './kept-outputs';
import type { Project } from './project';
import { tscCommand } from './tsc-command.mjs';

// TypeScript diagnostics as compiler diagnostics (`type_error`), from the project's own tsc
// (TypeScript 7, native) in a child process, so that it runs beside bundling. Scope `container`
// checks the declaration modules (rules, data elements, schemas) and what they import — what
// `tagc build` needs; `project` checks the project's whole tsconfig.json — what `tagc check` does.
// Both keep incremental build info under node_modules/.cache/tagc/, so an unchanged project
// re-checks in a fraction of the first run.

export type TypeCheckScope = 'container' | 'project';

const TOOL_RUNTIME = fileURLToPath(new URL('../runtime', import.meta.url));

/** Options for a project without tsconfig.json (a sample container): what tagc's runtime needs. */
const DEFAULT_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  strict: true,
  skipLibCheck: true,
  isolatedModules: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  types: [],
};

export function cacheDir(root: string): string {
  return join(root, 'node_modules', '.cache', 'tagc');
}

/** The runtime's ambient declarations (build constants): `.d.ts` files under dir. */
function ambientFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.d.ts') && !f.split(sep).includes('node_modules')).map((f) => join(dir, f));
}

/** The tsconfig of the container scope, written to the cache folder. */
function containerConfig(p: Project, cache: string): string {
  const base = join(p.root, 'tsconfig.json');
  // The ambient declarations of the runtime the modules import: the project's own copy when it
  // has one (declaring both would redeclare), else this tagc's (under node_modules once installed,
  // so named in `files`, which `exclude` does not filter).
  const own = ambientFiles(join(p.root, 'runtime'));
  const config = {
    ...(existsSync(base) ? { extends: base } : {}),
    compilerOptions: { ...(existsSync(base) ? {} : DEFAULT_OPTIONS), noEmit: true },
    files: own.length ? own : ambientFiles(TOOL_RUNTIME),
    include: [p.rulesDir, p.dataElementsDir, p.schemasDir],
    exclude: [join(p.root, '**', 'node_modules')],
  };
  const file = join(cache, 'tsconfig.container.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

const LINE = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const GLOBAL = /^error (TS\d+): (.*)$/;

/** tsc's `--pretty false` output as diagnostics (continuation lines joined to their message). */
export function parseTscOutput(output: string, root: string, configFile: string): Diagnostic[] {
  const diagnostics = new Diagnostics();
  const relPath = (f: string) => {
    const abs = isAbsolute(f) ? f : join(root, f);
    return relative(root, abs).split(sep).join('/');
  };
  let last: { file: string; code: string; message: string; line?: number; column?: number } | null = null;
  const flush = () => {
    if (last) diagnostics.report('type_error', last.file, { code: last.code, message: last.message }, [], { line: last.line, column: last.column });
    last = null;
  };
  for (const line of output.split(/\r?\n/)) {
    const m = LINE.exec(line);
    const g = m ? null : GLOBAL.exec(line);
    if (m) {
      flush();
      last = { file: relPath(m[1]), code: m[4], message: m[5], line: Number(m[2]), column: Number(m[3]) };
    } else if (g) {
      flush();
      last = { file: relPath(configFile), code: g[1], message: g[2] };
    } else if (last && /^\s+\S/.test(line)) {
      last.message += ` ${line.trim()}`;
    }
  }
  flush();
  return diagnostics.list;
}

/**
 * Runs tsc on the scope; resolves with its errors as `type_error` diagnostics (none: it type-checks).
 * Aborting `signal` ends tsc, and the promise rejects.
 */
export async function typeCheck(p: Project, scope: TypeCheckScope, signal?: AbortSignal): Promise<Diagnostic[]> {
  return (await checked(p, configOf(p, scope), scope, signal)).found;
}

/** The tsconfig a scope is checked with (written to the cache folder for `container`). */
function configOf(p: Project, scope: TypeCheckScope): string {
  const cache = cacheDir(p.root);
  mkdirSync(cache, { recursive: true });
  const own = join(p.root, 'tsconfig.json');
  // A project without its own tsconfig.json is checked as its container.
  return scope === 'container' || !existsSync(own) ? containerConfig(p, cache) : own;
}

/** tsc's errors, and for the container scope (kept with them, `--listFiles`) every file of the program it checked. */
async function checked(p: Project, config: string, scope: TypeCheckScope, signal?: AbortSignal): Promise<{ found: Diagnostic[]; files: string[] }> {
  // One checker thread: tsc runs beside bundling, and its parallel checkers cost more CPU and
  // memory than they save (5,000 rules on 2 cores: 1.9 s and 257 MB against 2.8-3.4 s and 319 MB).
  const args = [...(await tscCommand()), '--noEmit', '-p', config, '--pretty', 'false', '--incremental', '--tsBuildInfoFile', join(cacheDir(p.root), `${scope}.tsbuildinfo`), '--singleThreaded', ...(scope === 'container' ? ['--listFiles'] : [])];
  const { code, out } = await runTsc(args, p.root, signal);
  const found = parseTscOutput(out, p.root, config);
  if (code !== 0 && !found.length) throw new Error(`tsc exited with ${code} without a diagnostic: ${out.trim().slice(0, 500)}`);
  return { found, files: out.split(/\r?\n/).filter((line) => isAbsolute(line) && !LINE.test(line)) };
}

/** A clean check of the container, kept with every file of its program (kept-outputs.ts, fileState). */
interface KeptCheck {
  files: FileStates;
}

const isKeptCheck = (value: unknown): value is KeptCheck => isFileStates((value as Partial<KeptCheck> | null)?.files);

/**
 * What a clean check depends on besides its program's files: the config and the project's
 * tsconfig files at its root (what `extends` names there), TypeScript, this code and the
 * project's file list.
 */
function checkKey(kept: KeptOutputs<KeptCheck>, p: Project, config: string): string | undefined {
  const text = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const configs = readdirSync(p.root).filter((f) => /^tsconfig.*\.json$/.test(f)).sort();
  return kept.key(workingCode(import.meta.url, ['typescript']), text(config), configs.map((f) => [f, text(join(p.root, f))]), projectFiles(p.root));
}

/**
 * One tsc run; a run that fails without any diagnostic is tsc itself failing (TypeScript 7 has
 * printed "context canceled" on an overloaded machine), not the project, so it is tried once more.
 */
async function runTsc([command, ...args]: string[], cwd: string, signal?: AbortSignal, attempts = 2): Promise<{ code: number | null; out: string }> {
  for (let attempt = 1; ; attempt++) {
    const run = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], signal });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, out }));
    });
    // A run that reported any diagnostic is an answer, whatever its exit code.
    if (run.code === 0 || attempt >= attempts || /error TS\d+: /.test(run.out)) return run;
  }
}

/**
 * The container's type check as compile() runs it: tsc starts with the compile, beside loading,
 * validating and bundling, rather than once the generated types are written (about 1 s later,
 * and tsc was the build's longest pole). Generated types that were then written anew start it
 * again: the first run may have read them before. Where one is missing, tsc waits for them.
 */
export class EarlyTypeCheck {
  private controller = new AbortController();
  private run: Promise<Diagnostic[]> | null;
  /** Clean checks of earlier builds: while every file of the program is as it was, tsc is not started. */
  private readonly kept: KeptOutputs<KeptCheck>;

  constructor(
    private readonly p: Project,
    private readonly timings: Record<string, number>,
    keep = true,
  ) {
    this.kept = new KeptOutputs(keep ? join(cacheDir(p.root), 'typecheck.v8') : undefined, keptValues(isKeptCheck));
    // A missing generated file (a new container's first build) is certain to be written.
    this.run = Object.values(p.generated).every((file) => existsSync(file)) ? this.start() : null;
  }

  private start(): Promise<Diagnostic[]> {
    const t0 = performance.now();
    const run = this.check().finally(() => (this.timings.typecheck = performance.now() - t0));
    run.catch(() => undefined);
    return run;
  }

  private async check(): Promise<Diagnostic[]> {
    const config = configOf(this.p, 'container');
    const key = checkKey(this.kept, this.p, config);
    const before = this.kept.get(key);
    if (before && filesUnchanged(this.p.root, before.files)) return [];
    const { found, files } = await checked(this.p, config, 'container', this.controller.signal);
    if (!found.length) {
      this.kept.set(key, { files: filesState(this.p.root, files) });
      this.kept.save();
    }
    return found;
  }

  /** The type errors; `generatedChanged`: the generated types were written since the compile began. */
  errors(generatedChanged: boolean): Promise<Diagnostic[]> {
    if (this.run === null || generatedChanged) {
      this.controller.abort();
      this.controller = new AbortController();
      this.run = this.start();
    }
    return this.run;
  }

  /** Ends tsc if it still runs (a compile that failed does not wait for it). */
  abort(): void {
    this.controller.abort();
  }
}
