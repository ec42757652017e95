import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Env } from '../../../runtime/declare/types';
import { compile, type CompileResult } from '../../index';
import { CompileError, formatDiagnostic, type Diagnostic } from '../../diagnostics';
import { ENV_NAMES } from '../../environments';
import { writeGenerated } from '../../phases/5-emit/types';

export function rootDir(): string {
  return process.env.TAGC_ROOT ?? process.cwd();
}

export function parseEnvs(values: string[] | undefined): Env[] {
  const envs = (values ?? []).flatMap((v) => v.split(','));
  for (const e of envs) if (!ENV_NAMES.includes(e as Env)) throw new Error(`unknown environment "${e}" (one of ${ENV_NAMES.join(', ')})`);
  return envs as Env[];
}

export function printDiagnostics(list: Diagnostic[]): void {
  for (const d of list) process.stderr.write(`${formatDiagnostic(d)}\n${d.fix ? `  fix: ${d.fix}\n` : ''}`);
}

/** Writes generated TypeScript where it changed; returns the files that did (including those compile() wrote). */
export function refreshGenerated(result: CompileResult): string[] {
  return [...result.generatedWritten, ...writeGenerated(result.generated)];
}

const HELP = `tagc build: compile and type-check the container, then write each environment's bundle

  tagc build [--env <env>]... [--out <dir>]

  --env <env>     build only these environments (repeat or comma-separate; default all five:
                  test, dev, stg, prod, internal)
  --out <dir>     write to <dir> instead of build/

Writes <out>/<env>/ (the content-hashed bundle, its source map, its debug companion, graph.json),
<out>/schemas/ and <out>/manifest.json only when every check passed: on any error the previous build is left untouched. Prints each phase's
time and each bundle's bytes, gzip bytes, rules and data elements. Exit 0 built, 1 errors.

Work that depends only on its inputs is kept in node_modules/.cache/tagc between builds and done
again only for what changed: each module stripped, parsed and rewritten (by its text), the network
proof and a clean type check (while every file they read is as it was). Without its *.v8 and
*.tsbuildinfo files a build takes a first build's time.
`;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function build(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { env: { type: 'string', multiple: true }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const root = rootDir();
  let result: CompileResult;
  try {
    result = await compile({ root, envs: parseEnvs(values.env), outDir: values.out, typecheck: true, inputs: false, texts: false, ownProcess: true });
  } catch (error) {
    if (error instanceof CompileError) {
      printDiagnostics(error.diagnostics);
      process.stderr.write(`tagc build: failed with ${error.diagnostics.filter((d) => d.severity === 'error').length} error(s); build/ left as it was\n`);
      return 1;
    }
    throw error;
  }
  printDiagnostics(result.diagnostics);
  for (const file of refreshGenerated(result)) process.stdout.write(`generated ${relative(root, file)}\n`);
  for (const [phase, ms] of Object.entries(result.timings)) process.stdout.write(`${phase.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms\n`);
  for (const plan of result.plans) {
    const b = result.bundles[plan.env.name];
    process.stdout.write(`${plan.env.name.padEnd(9)} ${relative(root, result.outDir)}/${plan.env.name}/${b.fileName}  ${kb(b.bytes)} (${kb(b.gzipBytes)} gzip)  ${plan.rules.length} rules, ${plan.dataElements.length} data elements\n`);
  }
  return 0;
}
