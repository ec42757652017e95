import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initFiles } from './templates';

// `tagc init <dir>`: writes a minimal container into an empty (or missing) folder. Refuses a
// folder that already holds files, so that it never overwrites anyone's work.

const OWN_PACKAGE = fileURLToPath(new URL('../../package.json', import.meta.url));

/** npm package names: lower case, no spaces. */
const packageName = (dir: string) => basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'tagc-container';

export function initContainer(dir: string, options: { domain?: string } = {}): string[] {
  const root = resolve(dir);
  if (existsSync(root) && readdirSync(root).length) throw new Error(`${root} is not empty: tagc init writes a new container into an empty folder`);
  const version = (JSON.parse(readFileSync(OWN_PACKAGE, 'utf8')) as { version: string }).version;
  const domain = options.domain ?? 'example.com';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) throw new Error(`--domain "${domain}" is not a domain name (like example.com)`);
  const files = initFiles({ name: packageName(root), domain, tagcVersion: `^${version}` });
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return Object.keys(files);
}
