import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from '../index';
import { startServer } from '../serve/server';
import { browserTimings, median, type BrowserTimings } from './browser-timings';
import { launchChromium } from './chromium';
import { firmScriptStubRoute, thirdPartyStubRoute } from './route-hosts';

// `npm run bench`: figures, never thresholds. Sizes, compile time, browser timings, and the
// figures other parts contribute (compiler/bench/<part>.ts exporting bench<Part>()).

const here = dirname(fileURLToPath(import.meta.url));

export interface BenchFigures {
  date: string;
  sizes: { env: string; bytes: number; gzipBytes: number; rules: number; dataElements: number }[];
  compileMs: number;
  phasesMs: Record<string, number>;
  browser: BrowserTimings | { error: string };
  extra: Record<string, Record<string, number> | { error: string }>;
}

const EXTRAS: [string, string][] = [
  ['beacon', 'benchBeacon'],
  ['viewer', 'benchViewer'],
  ['redaction', 'benchRedaction'],
];

export async function runBench(root: string, log: (line: string) => void = () => undefined): Promise<BenchFigures> {
  const outDir = join(root, '.tagc-tmp', `bench-${process.pid}`);
  const totals: number[] = [];
  const phases: Record<string, number[]> = {};
  let sizes: BenchFigures['sizes'] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const result = await compile({ root, outDir });
      totals.push(performance.now() - t0);
      for (const [k, v] of Object.entries(result.timings)) (phases[k] ??= []).push(v);
      sizes = result.plans.map((p) => ({ env: p.env.name, bytes: result.bundles[p.env.name].bytes, gzipBytes: result.bundles[p.env.name].gzipBytes, rules: p.rules.length, dataElements: p.dataElements.length }));
    }
    log(`compile: ${median(totals).toFixed(0)} ms (median of 3)`);

    let browser: BenchFigures['browser'];
    try {
      const server = await startServer({ dir: outDir, routes: [thirdPartyStubRoute, firmScriptStubRoute] });
      const chromium = await launchChromium();
      try {
        const prod = sizes.find((s) => s.env === 'prod');
        if (!prod) throw new Error('no prod bundle');
        const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as { environments: { prod: { file: string } } };
        browser = await browserTimings(chromium, server, readFileSync(join(outDir, manifest.environments.prod.file), 'utf8'));
      } finally {
        await chromium.close();
        await server.close();
      }
    } catch (error) {
      browser = { error: String(error) };
    }

    const extra: BenchFigures['extra'] = {};
    for (const [name, fn] of EXTRAS) {
      const file = join(here, `${name}.ts`);
      if (!existsSync(file)) continue;
      try {
        const mod = (await import(pathToFileURL(file).href)) as Record<string, () => Promise<Record<string, number>>>;
        extra[name] = await mod[fn]();
      } catch (error) {
        extra[name] = { error: String(error) };
      }
    }

    return {
      date: new Date().toISOString(),
      sizes,
      compileMs: median(totals),
      phasesMs: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, median(v)])),
      browser,
      extra,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function benchMarkdown(f: BenchFigures): string {
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${f.date.slice(0, 10)} (${f.date}). Shared 2-core machine: treat timings as indicative; sizes are exact.`,
    '',
    '## Bundles',
    '',
    '| env | bytes | gzip bytes | rules | data elements |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...f.sizes.map((s) => `| ${s.env} | ${s.bytes} | ${s.gzipBytes} | ${s.rules} | ${s.dataElements} |`),
    '',
    '## Compile',
    '',
    `Whole container, all five environments: **${f.compileMs.toFixed(0)} ms** (median of 3).`,
    '',
    '| phase | ms |',
    '| --- | ---: |',
    ...Object.entries(f.phasesMs).map(([k, v]) => `| ${k} | ${v.toFixed(1)} |`),
    '',
    '## Headless Chromium (prod bundle)',
    '',
  ];
  if ('error' in f.browser) lines.push(`Not measured: ${f.browser.error}`);
  else
    lines.push(
      `- Start-up (parse, compile and run of the inlined bundle, with a Page Load Started already queued, median of ${f.browser.loads} loads): **${f.browser.startupMs.toFixed(3)} ms**`,
      `- Dispatch of one Page Load Completed (push until every rule has run, median of ${f.browser.pushes} pushes, 5 µs timer): **${f.browser.dispatchMs.toFixed(4)} ms** (mean ${f.browser.dispatchMeanMs.toFixed(4)} ms)`,
    );
  for (const [name, figures] of Object.entries(f.extra)) {
    lines.push('', `## ${name}`, '');
    for (const [k, v] of Object.entries(figures)) lines.push(`- ${k}: ${typeof v === 'number' ? v.toFixed(3) : v}`);
  }
  return `${lines.join('\n')}\n`;
}

export function writeBenchReport(root: string, f: BenchFigures): string {
  const file = join(root, 'docs', 'benchmarks.md');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, benchMarkdown(f));
  return file;
}
