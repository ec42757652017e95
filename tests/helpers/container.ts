import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// Small sample containers written to a temporary folder inside the repository (so vitest may
// import them), each importing the real authoring API.

export const REPO = resolve(__dirname, '../..');
export const DECLARE = join(REPO, 'runtime', 'declare', 'index.ts');
const TMP = join(REPO, '.tagc-tmp');
let counter = 0;

export const SITE_CONFIG = `export default { allowedDomains: ['firm.example', 'localhost'] };\n`;
export const PAGE_LOAD_COMPLETED = `import { eventSchema } from ${JSON.stringify(DECLARE)};
export default eventSchema({ event: 'Page Load Completed', description: 'x', schema: { type: 'object', properties: { event: { const: 'Page Load Completed' } } } });
`;

/**
 * Writes files (paths relative to the container root) and returns the root. `linkRuntime` makes
 * runtime/ a link to the real runtime (instead of a start.ts that re-exports it), so that the
 * generated payload types augment the very module the rules import (type-checked containers;
 * their modules import '../runtime/declare', as the generated types do, not DECLARE).
 */
export function container(name: string, files: Record<string, string>, options: { linkRuntime?: boolean } = {}): string {
  const root = join(TMP, `${name}-${process.pid}-${counter++}`);
  rmSync(root, { recursive: true, force: true });
  const all: Record<string, string> = { 'rules/site.config.ts': SITE_CONFIG, 'schemas/page-load-completed.ts': PAGE_LOAD_COMPLETED, ...files };
  for (const [path, content] of Object.entries(all)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  if (options.linkRuntime) {
    symlinkSync(join(REPO, 'runtime'), join(root, 'runtime'), 'dir');
    return root;
  }
  // Bundles import runtime/core/start.ts from the container root: point it at the real runtime.
  mkdirSync(join(root, 'runtime', 'core'), { recursive: true });
  writeFileSync(join(root, 'runtime', 'core', 'start.ts'), `export * from ${JSON.stringify(join(REPO, 'runtime', 'core', 'start.ts'))};\n`);
  return root;
}

export function removeContainer(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** A rule module's source. */
export function ruleSource(body: string, imports = 'rule, de'): string {
  return `import { ${imports} } from ${JSON.stringify(DECLARE)};\nexport default rule(${body});\n`;
}
