import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importLaunch, REPORT_FILE } from '../../import/launch';
import { writeImport } from '../../import/launch/write';
import { rootDir } from './build';

const HELP = `tagc import launch: turn a published Adobe Launch library into tagc modules

  tagc import launch <launch-*.js | folder> [--out <dir>]

  <launch-*.js>   the library file (its _satellite.container is read with a parser, never run)
  <folder>        a self-hosted library's folder: its launch-*.js and the separate custom-code files
  --out <dir>     the container to write into (default: the current project). Writes
                  rules/launch/*.ts, data-elements/launch/*.ts, rules/site.config.ts when missing,
                  and ${REPORT_FILE}; refuses to overwrite anything.

Core events, conditions and data elements map to tagc kinds; Adobe Analytics actions to the
analytics kinds; custom code becomes TypeScript functions under lib/ marked REVIEW. Everything
that could not be mapped is listed, with the rule and the reason, here and in the report.
`;

export async function importCommand(argv: string[]): Promise<number> {
  const [source, ...rest] = argv;
  if (source === '--help' || source === '-h' || source === undefined) {
    process.stdout.write(HELP);
    return source === undefined ? 1 : 0;
  }
  if (source !== 'launch') throw new Error(`unknown source "${source}": tagc import launch <library>`);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new Error('name one library file or folder: tagc import launch <launch-*.js | folder> [--out <dir>]');
  const out = resolve(values.out ?? rootDir());
  const result = importLaunch(positionals[0], out);
  writeImport(out, result.files);
  const s = result.summary;
  process.stdout.write(
    `imported ${s.library} (property "${s.property}", ${s.stage}): ${s.launchRules} Launch rules → ${s.rules} tagc rules, ${s.dataElements} data elements, ${Object.keys(result.files).length} files in ${relative(process.cwd(), out) || '.'}\n`,
  );
  for (const line of result.lines) process.stdout.write(`  ${line}\n`);
  process.stdout.write(`report: ${relative(process.cwd(), resolve(out, REPORT_FILE))}\n`);
  return 0;
}
