import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { initContainer } from '../../init';

const HELP = `tagc init: write a minimal new container

  tagc init <dir> [--domain <domain>]

  <dir>              an empty or missing folder
  --domain <domain>  the site's domain (default example.com): the bundle runs on it and its subdomains

Writes package.json (depending on tagc), tsconfig.json, rules/site.config.ts, one event schema,
one data element, one rule, one scenario (scenarios/*.json: tagc simulate options) and a test that
builds the container and runs the scenario. Then: cd <dir> && npm install && npm test.
`;

export async function initCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { domain: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(HELP);
    return 1;
  }
  const files = initContainer(positionals[0], { domain: values.domain });
  const where = relative(process.cwd(), resolve(positionals[0])) || '.';
  process.stdout.write(`tagc init: wrote ${files.length} files in ${where}\n${files.map((f) => `  ${f}\n`).join('')}next: cd ${where} && npm install && npm test\n`);
  return 0;
}
