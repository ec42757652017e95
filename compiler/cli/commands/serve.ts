import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Manifest } from '../../graph-types';
import { demoPage } from '../../serve/demo-page';
import { loadScenarios } from '../../scenarios/load';
import { DIFF_REPORT_PATH, diffReportRoute } from '../../serve/diff-report';
import { PREVIEW_PATH, previewRoute } from '../../serve/preview';
import { collectorRoute, startServer } from '../../serve/server';
import { rootDir } from './build';

const HELP = `tagc serve: serve a build with its viewer, demo pages and Preview on 127.0.0.1 until stopped

  tagc serve [--port <n>] [--build <dir>] [--scenarios <dir>] [--diff <report.json>]

  --port <n>          port to listen on (default 8080; 0 picks a free one)
  --build <dir>       the build to serve (default build/): it must hold manifest.json
  --scenarios <dir>   the scenarios Preview offers (default tests/scenarios)
  --diff <file>       a tagc diff --format json report, served as /diff.json for the viewer's Compare

Prints the viewer's and the demo pages' addresses (on localhost: the bundles run only on allow-listed
hosts). POST /api/preview runs a scenario against a served bundle; analytics beacons (/b/ss/) get a 1x1 GIF.
`;

/** Serves build/ (bundles, manifest, viewer), the viewer's Preview endpoint and a demo page per environment on 127.0.0.1 until stopped. */
export async function serve(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string', default: '8080' }, build: { type: 'string' }, scenarios: { type: 'string' }, diff: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const dir = values.build ?? join(rootDir(), 'build');
  // Preview offers the project's scenarios (tests/scenarios unless told), loaded when first asked.
  const scenarioDir = values.scenarios ?? join(rootDir(), 'tests', 'scenarios');
  const scenarios = existsSync(scenarioDir) ? () => loadScenarios(rootDir(), scenarioDir) : undefined;
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`nothing to serve: ${dir}/manifest.json is missing (run tagc build)`);
  if (values.diff !== undefined && !existsSync(values.diff)) throw new Error(`--diff ${values.diff}: no such file (write one with tagc diff --format json > <file>)`);
  const server = await startServer({
    dir,
    port: Number(values.port),
    routes: [
      collectorRoute,
      previewRoute(dir, { scenarios }),
      ...(values.diff !== undefined ? [diffReportRoute(values.diff)] : []),
      (req, res) => {
        const m = /^\/demo\/(\w+)\/?$/.exec(req.url ?? '') ?? (req.url === '/' || req.url === '/demo/' ? [, 'test'] : null);
        if (!m) return false;
        const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(demoPage({ env: m[1]!, manifest, bundleBase: '' }));
        return true;
      },
    ],
  });
  // The bundle runs only on allow-listed hosts; localhost is one of them, 127.0.0.1 is not.
  const base = `http://localhost:${server.port}`;
  const compare = values.diff !== undefined ? `  compare:  ${base}/viewer/#/prod/compare?base=report:${DIFF_REPORT_PATH.slice(1)}  (${values.diff})\n` : '';
  process.stdout.write(`tagc serve: ${dir}\n  demo:     ${base}/demo/test  (also /demo/dev, /demo/stg, /demo/prod, /demo/internal)\n  viewer:   ${base}/viewer/  (Preview runs bundles here: POST ${base}${PREVIEW_PATH})\n${compare}  manifest: ${base}/manifest.json\nCtrl-C to stop.\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
