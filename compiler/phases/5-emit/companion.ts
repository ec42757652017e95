import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { gzipSize } from './gzip-size';
import { esbuild } from '../../esbuild-api';
import { defines } from '../../environments';
import type { HostUse } from '../../graph-types';
import type { EnvPlan } from '../4-plan';
import { BROWSER_SCRIPT } from './browser-build';
import { compressScript } from './compress';
import { runtimeModule } from './runtime-modules';
import type { BuildStamp } from './entry';

// The debug companion of one environment (docs/debugging.md): the explanation code and texts
// (runtime/debug/companion.ts) with this build's rules in words and its host inventory, as one
// content-hashed file next to the bundle. Only builds without debug logging get one; their bundle
// loads it, with its integrity, when the persisted debug flag is on.

export interface Companion {
  fileName: string;
  code: string;
  bytes: number;
  gzipBytes: number;
  integrity: string;
}

/** swc's compress passes for a companion (compress.ts runs five by default). */
export const COMPANION_PASSES = 2;

export async function buildCompanion(plan: EnvPlan, hosts: HostUse[], runtimeStart: string, stamp: BuildStamp): Promise<Companion> {
  const rules: Record<string, [string, string[], string[]]> = {};
  for (const r of plan.rules) rules[r.loaded.value.id] = [r.loaded.value.description, r.conditions.map((c) => c.text), r.actions.map((a) => a.text)];
  const data = { env: plan.env.name, build: `${stamp.version} ${stamp.buildTime}`, rules, hosts: Object.fromEntries(hosts.map((h) => [h.host, h.category])) };
  const result = await esbuild.build({
    stdin: { contents: `import { explainPage } from ${JSON.stringify(runtimeModule(runtimeStart, 'debug/companion.ts'))};\nexplainPage(${JSON.stringify(data)});\n`, resolveDir: dirname(runtimeStart), sourcefile: `tagc-debug-${plan.env.name}.ts`, loader: 'ts' },
    ...BROWSER_SCRIPT,
    define: defines(plan.env),
  });
  // Two passes: the companion is mostly one literal of the rules in words, where the later passes
  // changed no byte (the container's companion and one of 5,000 rules: the same output as five)
  // and cost about 0.2 s of CPU an environment at 5,000 rules.
  const { code } = await compressScript(result.outputFiles[0].text, undefined, { passes: COMPANION_PASSES });
  const buf = Buffer.from(code);
  const hash = createHash('sha256').update(buf).digest('hex').slice(0, 16);
  return {
    fileName: `debug.${hash}.js`,
    code,
    bytes: buf.length,
    gzipBytes: await gzipSize(buf),
    integrity: `sha384-${createHash('sha384').update(buf).digest('base64')}`,
  };
}
