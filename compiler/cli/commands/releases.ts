import { parseArgs } from 'node:util';
import { ENV_NAMES } from '../../environments';
import { releases } from '../../publish';
import { historyLines } from '../../publish/report';
import { envOf, TARGET_HELP, TARGET_OPTIONS, targetOf } from './target-options';

const HELP = `tagc releases [<env>]: the release history of each environment (newest first, * = running)

${TARGET_HELP}  --json                print the <env>/releases.json documents as one JSON array

Read-only: --dry-run changes nothing here.
`;

export async function releasesCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { ...TARGET_OPTIONS, json: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const envs = positionals.length ? positionals.map((p) => envOf(p, 'releases')) : ENV_NAMES;
  const histories = await releases(targetOf(values), envs);
  process.stdout.write(values.json ? `${JSON.stringify(histories, null, 2)}\n` : `${historyLines(histories).join('\n')}\n`);
  return 0;
}
