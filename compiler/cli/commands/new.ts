import { parseArgs } from 'node:util';
import { newEvent } from '../../init/new-event';

const HELP = `tagc new event: add a catalogue event to the container

  tagc new event "<Name>" [--number <eventN>] [--description <text>]

  "<Name>"              the event's name as page code pushes it (e.g. "Quote Requested")
  --number <eventN>     the analytics event its link hit sends (e.g. event140; default: none)
  --description <text>  one line on when the page pushes it (shown in the viewer)

Follows the container's own conventions: writes schemas/<name>.ts the way the other schemas are
written; when the container keeps rules/lib/event-numbers.ts, adds the event's row at its end;
when it builds catalogue rules (rules/events/lib/catalogue-rule.ts), writes
rules/events/analytics-<name>.ts. Refuses (writing nothing) when the event or a file exists.
Then fill in the schema's fields and the row's variables, and run tagc build.
`;

export async function newCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { number: { type: 'string' }, description: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals[0] !== 'event' || positionals.length !== 2) {
    process.stderr.write(HELP);
    return 1;
  }
  const root = process.env.TAGC_ROOT ?? process.cwd();
  const result = newEvent(root, positionals[1], { number: values.number, description: values.description });
  process.stdout.write(`tagc new event: ${positionals[1]}\n${result.written.map((f) => `  wrote ${f}\n`).join('')}${result.skipped.map((s) => `  skipped: ${s}\n`).join('')}`);
  return 0;
}
