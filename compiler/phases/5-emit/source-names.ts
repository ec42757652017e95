import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { OWN_RUNTIME_START } from './runtime-modules';

// A bundle's map names each source by its path from the project root, as esbuild does. A module
// outside the root (tagc's own runtime, for a container without one or one whose rules import
// `tagc/runtime/...` from a package linked to a checkout elsewhere) would be named by a path that
// climbs out of the root through the build machine's folders. It is named where the project finds
// it instead: node_modules/tagc/... for tagc's files, a path from its last node_modules folder for
// another package's, its file name for anything else.

/** tagc's own folder (the package root: runtime/core/start.ts is three folders down). */
const TAGC = dirname(dirname(dirname(OWN_RUNTIME_START)));

const inside = (rel: string) => rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);

/** The name a map shows for the source esbuild named `source` (relative to `root`, `/`-separated). */
export function shownSourceName(root: string, source: string): string {
  if (!isAbsolute(source) && source !== '..' && !source.startsWith('../')) return source;
  const abs = resolve(root, source);
  const own = relative(TAGC, abs);
  if (inside(own)) return `node_modules/tagc/${own.split(sep).join('/')}`;
  const parts = abs.split(sep);
  const at = parts.lastIndexOf('node_modules');
  return at >= 0 ? parts.slice(at).join('/') : parts[parts.length - 1]!;
}

/** `text` (a module tagc generated) with each import of a module outside `root` written as the map names it. */
export function shownImports(text: string, root: string): string {
  return text.replace(/(\b(?:from|import)\s+)"(\.\.\/[^"\\]*)"/g, (_, from: string, spec: string) => `${from}${JSON.stringify(`./${shownSourceName(root, spec)}`)}`);
}
