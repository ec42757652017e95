import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../../rules/site.config';
import { REPO } from '../helpers/container';

// compiler/ is a general tool: it learns about a container from the project it loads, so no module
// under it imports the container's declarations or names this container's domains.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const COMPILER = join(REPO, 'compiler');
const CONTAINER = ['rules', 'data-elements', 'schemas'].map((d) => join(REPO, d));
const IMPORT = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('the compiler is not tied to this container', () => {
  it('imports nothing from rules/, data-elements/ or schemas/', () => {
    const offenders: string[] = [];
    for (const file of sources(COMPILER)) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (CONTAINER.some((d) => target === d || target.startsWith(`${d}/`))) offenders.push(`${relative(REPO, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("names none of this container's domains (the bench takes its site from the build's manifest)", () => {
    const offenders: string[] = [];
    for (const file of sources(COMPILER)) {
      const text = readFileSync(file, 'utf8');
      for (const domain of site.allowedDomains.filter((d) => d.includes('.'))) if (text.includes(domain)) offenders.push(`${relative(REPO, file)}: ${domain}`);
    }
    expect(offenders).toEqual([]);
  });
});
