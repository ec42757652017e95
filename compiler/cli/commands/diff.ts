import { parseArgs } from 'node:util';
import { diff } from '../../diff';
import { parseFailOn } from '../../diff/fail-on';
import { toMarkdown } from '../../diff/markdown';
import { parseEnvs, rootDir } from './build';

const HELP = `tagc diff: what a change does to every environment, by structure and on the project's scenarios

  tagc diff --base <git-ref | build-dir> [--head <build-dir>] [--env <env>]...
            [--format markdown|json] [--fail-on <condition>,...] [--scenarios <dir>] [--workers <n>]

  --base <ref|dir>      a git ref of the project (built in a temporary worktree by this checkout's
                        compiler, removed afterwards) or a build folder holding manifest.json
  --head <dir>          a build folder (default: the working tree, built afresh into a temporary folder)
  --env <env>           environments to compare (repeatable; default every environment of either build)
  --format <f>          markdown (default: a pull-request comment, summary line first) or json
                        (the DiffReport contract of docs/diff.md)
  --fail-on <list>      exit 1 when such a change is present: new-host, consent, removed-rule,
                        size:+<bytes> (prod or any environment's gzip growth above that many bytes)
  --scenarios <dir>     scenario modules (default tests/scenarios when present); --no-scenarios
                        compares structure only
  --workers <n>         simulation workers (default: one per core, at most 4)
  --no-cache            build the base ref afresh and keep nothing; by default a ref's build is kept in
                        node_modules/.cache/tagc/diff-base/ (the last 4, keyed by the commit's tree, the
                        environments, this tagc's sources and the lock file) and reused by the next diff

Exit status: 0 whenever the diff ran (changes or not) unless a --fail-on condition is met (1);
2 for bad options. Progress goes to stderr, the report to stdout.
`;

export async function diffCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: 'string' },
      head: { type: 'string' },
      env: { type: 'string', multiple: true },
      format: { type: 'string', default: 'markdown' },
      'fail-on': { type: 'string' },
      scenarios: { type: 'string' },
      'no-scenarios': { type: 'boolean' },
      'no-cache': { type: 'boolean' },
      workers: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const usage = (message: string) => (process.stderr.write(`tagc diff: ${message}\n\n${HELP}`), 2);
  if (!values.base) return usage('--base is required');
  if (values.format !== 'markdown' && values.format !== 'json') return usage(`--format must be markdown or json, not "${values.format}"`);
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) return usage(`--workers must be a positive integer`);
  let failOn;
  let envs;
  try {
    failOn = values['fail-on'] === undefined ? [] : parseFailOn(values['fail-on']);
    envs = values.env ? parseEnvs(values.env) : undefined;
  } catch (error) {
    return usage((error as Error).message);
  }
  const report = await diff({
    root: rootDir(),
    base: values.base,
    head: values.head,
    envs,
    scenarios: values['no-scenarios'] ? null : values.scenarios,
    failOn,
    workers,
    cache: !values['no-cache'],
    log: (line) => process.stderr.write(`tagc diff: ${line}\n`),
  });
  process.stdout.write(values.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : toMarkdown(report));
  for (const f of report.failed) process.stderr.write(`tagc diff: fails on ${f}\n`);
  return report.failed.length ? 1 : 0;
}
