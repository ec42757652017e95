import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostUse } from '../../compiler/graph-types';
import { REPO, removeContainer } from '../helpers/container';
import { tagcProcess } from '../helpers/bin';
import { tagcInProcess } from '../helpers/cli';

// `tagc csp <env>` reads build/manifest.json's host inventory and prints both policy forms; the
// policies themselves run in Chromium in tests/browser/csp-forms.test.ts.

const root = join(REPO, '.tagc-tmp', `csp-cli-${process.pid}`);
afterAll(() => removeContainer(root));

const HOSTS: HostUse[] = [
  { host: 'scripts.vendor.example', category: 'necessary', directive: 'script-src', rules: ['a'] },
  { host: 'px.ads.example', category: 'advertising', directive: 'img-src', rules: ['b'] },
  { host: "'self'", category: 'necessary', directive: 'connect-src', rules: ['c'] },
  { host: '*.edge.example', category: 'performance', directive: 'connect-src', rules: ['d'] },
  { host: 'px.ads.example', category: 'advertising', directive: 'img-src', rules: ['e'] },
];

// The first policy as a shell prints it (the real bin, a process of its own); the others through
// main() in this process (tests/helpers/cli.ts).
const tagc = (args: string[]) => tagcProcess(args, root);
const inProcess = (args: string[]) => tagcInProcess(args, root);

describe('tagc csp', () => {
  it('prints the nonce-based and the host allow-list policy of an environment from its inventory', async () => {
    mkdirSync(join(root, 'build'), { recursive: true });
    writeFileSync(join(root, 'build', 'manifest.json'), JSON.stringify({ version: '1', buildTime: '', environments: { prod: { hosts: HOSTS } } }));
    const r = tagc(['csp', 'prod', '--script-host', 'cdn.firm.example']);
    expect(r.status).toBe(0);
    const [nonce, allowlist] = r.stdout.split('\n\n').map((block) => block.split('\n')[1]);
    expect(nonce).toBe(
      "script-src 'nonce-{NONCE}' 'strict-dynamic'; style-src 'nonce-{NONCE}'; img-src px.ads.example; connect-src 'self' *.edge.example; object-src 'none'; base-uri 'none'",
    );
    expect(allowlist).toMatch(/^script-src cdn\.firm\.example scripts\.vendor\.example; style-src 'sha256-[A-Za-z0-9+/]{43}='; img-src px\.ads\.example; connect-src 'self' \*\.edge\.example; object-src 'none'; base-uri 'none'$/);
    const json = JSON.parse((await inProcess(['csp', 'prod', '--json', '--nonce', 'abc'])).stdout) as { env: string; nonce: string };
    expect(json.env).toBe('prod');
    expect(json.nonce).toContain("script-src 'nonce-abc' 'strict-dynamic'");
  });

  it('says what to do when there is no build or no inventory for the environment', async () => {
    const missing = await inProcess(['csp', 'dev']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('has no host inventory for dev (run tagc build --env dev)');
    expect((await inProcess(['csp', 'nowhere'])).stderr).toContain('unknown environment "nowhere"');
  });
});
