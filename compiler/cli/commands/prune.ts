import { parseArgs } from 'node:util';
import { prune } from '../../publish/prune';
import { pruneLines } from '../../publish/report';
import { TARGET_HELP, TARGET_OPTIONS, targetOf } from './target-options';

const HELP = `tagc prune [--keep <n>]: remove published builds no environment ran among its last <n> releases

${TARGET_HELP}  --keep <n>            builds each environment keeps: the last <n> distinct builds it ran,
                        the one it runs included (default 10; at least 1)
  --json                print the report as JSON

Removes builds/<id>/ and private/maps/<id>/ of every older build some environment ran. Kept
builds can still be promoted and rolled back to; a pruned one cannot. Builds no environment ever
ran (a publish in flight, or one that stopped part-way) are left alone and listed. Histories and
pointers are read, and must be valid, before anything is removed; each build's manifest goes
first, so a stopped prune never leaves a build that can be promoted without its bundles.
`;

export async function pruneCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { ...TARGET_OPTIONS, keep: { type: 'string', default: '10' }, json: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const keep = /^\d+$/.test(values.keep) ? Number(values.keep) : Number.NaN;
  if (!(keep >= 1)) throw new Error(`--keep must be a whole number of at least 1 (the build an environment runs always stays), got "${values.keep}"`);
  const report = await prune(targetOf(values), { keep, dryRun: values['dry-run'] });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${pruneLines(report).join('\n')}\n`);
  return 0;
}
