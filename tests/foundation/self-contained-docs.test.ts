import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/container';

// The repository stands alone: no file points at the specification outside it, and every docs/
// page a file names exists.

const SKIP = new Set(['node_modules', '.git', 'build', '.tagc-tmp', 'dist']);
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx|md|json|js|html|ya?ml)$/.test(name) && name !== 'package-lock.json' ? [full] : [];
  });
}

const ALL = files(REPO);
// Spelt in pieces so that this file does not match itself.
const OUTSIDE = new RegExp(['\\.\\./' + 'shared/', 'container' + '-spec', '\\bsites' + '\\.md', 'protocols' + '\\.md'].join('|'));

describe('self-contained docs', () => {
  it('nothing in the repository points at the specification outside it', () => {
    const hits = ALL.flatMap((f) => readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (OUTSIDE.test(line) ? [`${relative(REPO, f)}:${i + 1}: ${line.trim()}`] : [])));
    expect(hits).toEqual([]);
  });

  it('every docs/*.md page that a file names exists', () => {
    const missing = ALL.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bdocs\/([\w-]+\.md)\b/g)].filter((m) => !existsSync(join(REPO, 'docs', m[1]))).map((m) => `${relative(REPO, f)}: docs/${m[1]}`));
    expect(missing).toEqual([]);
  });

  it('the pages the code cites for the specification, the site configuration and the wire formats exist', () => {
    for (const page of ['requirements.md', 'site-config.md', 'wire-formats.md', 'diagnostics.md', 'debugging.md']) expect(existsSync(join(REPO, 'docs', page)), page).toBe(true);
  });
});
