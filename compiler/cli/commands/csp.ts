import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cspFor } from '../../csp';
import type { Manifest } from '../../graph-types';
import { rootDir } from './build';
import { envOf } from './target-options';

const HELP = `tagc csp <env>: the Content-Security-Policy under which that environment's bundle runs

  --build-dir <dir>     the build to read (default build/): its manifest's host inventory
  --script-host <host>  where the bundle is served from, for the allow-list form (default 'self')
  --nonce <value>       the nonce placeholder of the nonce form (default {NONCE}: a fresh value per response)
  --json                print { env, nonce, allowlist }

Prints two forms: nonce-based (script-src 'nonce-…' 'strict-dynamic') and host allow-list. Both
list every image, connect and frame host of the inventory (README: "PCI DSS 6.4.3").
`;

export async function cspCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' }, 'build-dir': { type: 'string' }, 'script-host': { type: 'string' }, nonce: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const env = envOf(positionals[0], 'csp');
  const file = join(values['build-dir'] ? resolve(values['build-dir']) : join(rootDir(), 'build'), 'manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`cannot read ${file} (run tagc build first): ${error instanceof Error ? error.message : String(error)}`);
  }
  const entry = manifest.environments[env];
  if (!entry?.hosts) throw new Error(`${file} has no host inventory for ${env} (run tagc build --env ${env})`);
  const forms = cspFor(entry.hosts, { scriptHost: values['script-host'], nonce: values.nonce });
  process.stdout.write(values.json ? `${JSON.stringify({ env, ...forms }, null, 2)}\n` : `# nonce-based\n${forms.nonce}\n\n# host allow-list\n${forms.allowlist}\n`);
  return 0;
}
