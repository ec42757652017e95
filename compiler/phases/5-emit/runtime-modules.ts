import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A bundle is built from the container's own runtime when it has one (runtime/core/start.ts in
// the project), else from tagc's. Its other modules are found beside that start module, so that
// no bundle holds two copies of a runtime module (two instances, each with its own state).

/**
 * tagc's own runtime entry, for a container that has no runtime of its own (an imported one).
 * String paths, not `new URL`: tests load this module under happy-dom, whose URL is not Node's.
 */
export const OWN_RUNTIME_START = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'runtime', 'core', 'start.ts');

/** A module by its path inside runtime/ (`events/table.ts`), beside the runtime whose core/start.ts is given. */
export const besideRuntime = (runtimeStart: string, path: string): string => join(dirname(dirname(runtimeStart)), path);

/** The module beside the given runtime, or tagc's own when that runtime has none. */
export function runtimeModule(runtimeStart: string, path: string): string {
  const beside = besideRuntime(runtimeStart, path);
  return existsSync(beside) ? beside : besideRuntime(OWN_RUNTIME_START, path);
}

/** The runtime start module a container's bundles are built from: its own when it has one, else tagc's. */
export function runtimeStartOf(root: string): string {
  const own = join(root, 'runtime', 'core', 'start.ts');
  return existsSync(own) ? own : OWN_RUNTIME_START;
}

/** The runtime folder a container's bundles are built from: the one runtimeStartOf's module is in. */
export const runtimeFolderOf = (root: string): string => besideRuntime(runtimeStartOf(root), '.');
