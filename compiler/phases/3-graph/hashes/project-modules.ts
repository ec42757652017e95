import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';

const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.js', '/index.ts', '/index.tsx'];

const isFile = (f: string) => {
  try {
    return statSync(f).isFile();
  } catch {
    return false;
  }
};

/**
 * The project module an import names, or null for the runtime, packages and files outside the
 * project: those are the tool's, not the declaration's, and count by name only.
 */
export function projectModuleResolver(root: string): (from: string, source: string) => string | null {
  const runtime = join(root, 'runtime') + sep;
  const resolved = new Map<string, string | null>();
  return (from, source) => {
    if (!source.startsWith('.') && !isAbsolute(source)) return null;
    const base = isAbsolute(source) ? source : join(dirname(from), source);
    let abs = resolved.get(base);
    if (abs !== undefined) return abs;
    const file = CANDIDATES.map((e) => base + e).find(isFile) ?? (base.endsWith('.js') && isFile(`${base.slice(0, -3)}.ts`) ? `${base.slice(0, -3)}.ts` : undefined);
    abs = file && file.startsWith(root + sep) && !file.startsWith(runtime) && !file.includes(`${sep}node_modules${sep}`) ? file : null;
    resolved.set(base, abs);
    return abs;
  };
}
