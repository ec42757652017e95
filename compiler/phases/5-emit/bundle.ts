import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { defines } from '../../environments';
import type { EnvPlan } from '../4-plan';
import { HASH_PLACEHOLDER } from './entry';

// esbuild turns the entry into one minified IIFE; the content hash names the file and is also
// stamped into tagc.buildInfo (the placeholder has the hash's length, so the map stays exact).

export interface Bundle {
  fileName: string;
  mapName: string;
  code: string;
  map: string;
  hash: string;
  bytes: number;
  gzipBytes: number;
  integrity: string;
  /** Input files esbuild kept, relative to the root (for size reports). */
  inputs: Record<string, number>;
}

/**
 * Data-element modules export one declaration per `export const`; by contract those are
 * side-effect free. esbuild does not carry `@__NO_SIDE_EFFECTS__` across files, so mark each
 * top-level declaration pure here and let tree-shaking drop the data elements no rule reads.
 */
export function markDeclarationsPure(source: string): string {
  return source.replace(/^(export\s+const\s+[A-Za-z_$][\w$]*\s*(?::[^=\n]+)?=\s*)(?!\/\*)/gm, '$1/* @__PURE__ */ ');
}

function pureDataElements(root: string): esbuild.Plugin {
  const dir = join(root, 'data-elements') + sep;
  // The filter is matched inside esbuild: only data-element modules call back into Node (a
  // filter on every .ts file cost one round trip per module and pass, seconds with 5,000 rules).
  const filter = new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\.ts$`);
  return {
    name: 'tagc-pure-data-elements',
    setup(build) {
      build.onLoad({ filter }, async (args) => ({ contents: markDeclarationsPure(await readFile(args.path, 'utf8')), loader: 'ts' }));
    },
  };
}

/**
 * The entry imports modules by absolute path; the map embeds the entry's text, so make those
 * specifiers relative to the root (its resolveDir) and keep the build machine's paths out.
 */
export function relativeImports(entry: string, root: string): string {
  return entry.replace(/(\bfrom\s+)("(?:[^"\\]|\\.)*")/g, (whole, from: string, literal: string) => {
    const spec = JSON.parse(literal) as string;
    if (!isAbsolute(spec)) return whole;
    const rel = relative(root, spec).split(sep).join('/');
    return `${from}${JSON.stringify(rel.startsWith('../') ? rel : `./${rel}`)}`;
  });
}

export async function bundle(root: string, plan: EnvPlan, entry: string): Promise<Bundle> {
  const result = await esbuild.build({
    plugins: [pureDataElements(root)],
    stdin: { contents: relativeImports(entry, root), resolveDir: root, sourcefile: `tagc-entry-${plan.env.name}.ts`, loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: 'external',
    sourcesContent: true,
    write: false,
    outfile: 'container.js',
    define: defines(plan.env),
    dropLabels: plan.env.debug ? [] : ['DEBUG'],
    legalComments: 'none',
    charset: 'utf8',
    metafile: true,
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const mapFile = result.outputFiles.find((f) => f.path.endsWith('.map'))!;
  const raw = js.text;
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, HASH_PLACEHOLDER.length);
  const fileName = `container.${hash}.min.js`;
  const mapName = `${fileName}.map`;
  // Only debug environments name their map; prod and internal never point at one (docs/publishing.md).
  const mapComment = plan.env.debug ? `//# sourceMappingURL=${mapName}\n` : '';
  const code = `${raw.split(HASH_PLACEHOLDER).join(hash).replace(/\n?$/, '\n')}${mapComment}`;
  const map = JSON.stringify({ ...JSON.parse(mapFile.text), file: fileName });
  const buf = Buffer.from(code);
  const inputs: Record<string, number> = {};
  const output = Object.entries(result.metafile.outputs).find(([k]) => k.endsWith('.js'))?.[1];
  for (const [name, info] of Object.entries(output?.inputs ?? {})) inputs[name] = info.bytesInOutput;
  return {
    fileName,
    mapName,
    code,
    map,
    hash,
    bytes: buf.length,
    gzipBytes: gzipSync(buf, { level: 9 }).length,
    integrity: `sha384-${createHash('sha384').update(buf).digest('base64')}`,
    inputs,
  };
}
