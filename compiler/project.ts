import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// Where a container's declarations live, relative to its root (this repository, or a sample
// container under tests/fixtures).

export interface Project {
  root: string;
  rulesDir: string;
  dataElementsDir: string;
  schemasDir: string;
  /** The site configuration module (docs/site-config.md). */
  siteConfig: string;
  /** Generated TypeScript (payload types, data-element names). */
  generated: { payloads: string; dataElements: string };
}

export function project(root: string): Project {
  return {
    root,
    rulesDir: join(root, 'rules'),
    dataElementsDir: join(root, 'data-elements'),
    schemasDir: join(root, 'schemas'),
    siteConfig: join(root, 'rules', 'site.config.ts'),
    generated: {
      payloads: join(root, 'schemas', 'generated', 'payloads.ts'),
      dataElements: join(root, 'data-elements', 'generated', 'names.ts'),
    },
  };
}

/**
 * TypeScript modules below dir, sorted, skipping `generated` folders, tests and `*.config.ts`.
 * Declarations live outside `lib` folders; `which: 'lib'` lists the shared modules inside them
 * (read only for the tables they declare).
 */
export function listModules(dir: string, which: 'declarations' | 'lib' = 'declarations'): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string, inLib: boolean) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'generated' && name !== 'node_modules') walk(full, inLib || name === 'lib');
      } else if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.config.ts') && !name.endsWith('.test.ts')) {
        if (inLib === (which === 'lib')) out.push(full);
      }
    }
  };
  walk(dir, false);
  return out;
}

export function rel(p: Project, file: string): string {
  return relative(p.root, file).split(sep).join('/');
}
