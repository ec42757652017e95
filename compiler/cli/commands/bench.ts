import { parseArgs } from 'node:util';
import { rootDir } from './build';

const usage = (groups: readonly string[]) => `tagc bench [--rounds <n>] [--only <group>[,<group>...]] [--no-write]

  Builds the container, measures tagc side by side with the Adobe stack (Turbine 28.1.0 and a
  Launch container generated from the prod build) in one Chromium, runs the figure groups, prints
  every goal of issue 13 with its figure and writes docs/benchmarks.md.

  --rounds <n>    side-by-side rounds (default 30)
  --only <list>   only these groups: ${groups.join(', ')}
  --no-write      print, but leave docs/benchmarks.md as it is
`;

// playwright-core is an optional peer dependency: only bench needs it.
async function loadBench() {
  return import('../../bench').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes('playwright-core')) throw new Error('needs playwright-core (npm install playwright-core) and Chromium at /usr/bin/chromium or $CHROMIUM_PATH');
    throw error;
  });
}

export async function bench(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { rounds: { type: 'string' }, only: { type: 'string', multiple: true }, 'no-write': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  const { benchMarkdown, GROUPS, runBench, writeBenchReport } = await loadBench();
  if (values.help) {
    process.stdout.write(usage(GROUPS));
    return 0;
  }
  const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
  if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1)) throw new Error(`--rounds needs a whole number of rounds, not "${values.rounds}"`);
  const only = (values.only ?? []).flatMap((v) => v.split(',')).filter(Boolean);
  for (const g of only) if (!GROUPS.includes(g)) throw new Error(`unknown group "${g}" (one of ${GROUPS.join(', ')})`);
  const root = rootDir();
  const figures = await runBench(root, { rounds, only, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(benchMarkdown(figures));
  if (!values['no-write']) process.stdout.write(`\nwritten to ${writeBenchReport(root, figures)}\n`);
  const failed = (figures.stacks && 'error' in figures.stacks) || Object.values(figures.extra).some((g) => 'error' in g);
  return failed ? 1 : 0;
}
