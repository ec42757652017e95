import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, Path } from './index';

// Line and column for diagnostics that name a place inside a declaration (`conditions.0.params`):
// the declarations are evaluated objects, so the place is found back in the module's text, at the
// deepest key of the path that the source spells out (a data element's `export const <name>`, a
// rule's `conditions:`, and the n-th element of that array when it is written inline).

export interface Position {
  line: number;
  column: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function positionAt(source: string, offset: number): Position {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Offset of the index-th element of the array literal opening at `open`; null when not found. */
function elementOffset(source: string, open: number, index: number): number | null {
  let depth = 0;
  let n = 0;
  let quote: string | null = null;
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (depth === 0 && n === index && !/[\s,\]]/.test(c)) return i;
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return null;
      depth--;
    } else if (c === ',' && depth === 0) n++;
  }
  return null;
}

/** Where the path points in the module's text, as far as the text spells it out. */
export function locate(source: string, path: Path): Position | null {
  let offset: number | null = null;
  let from = 0;
  for (let k = 0; k < path.length; k++) {
    const part = path[k];
    if (typeof part === 'string') {
      const re = new RegExp(`(export\\s+const\\s+${escape(part)}\\b)|(?:^|[\\s{,(])(${escape(part)}|'${escape(part)}'|"${escape(part)}")\\s*:`, 'm');
      const m = re.exec(source.slice(from));
      if (!m) break;
      offset = from + m.index + m[0].length - m[0].trimStart().length;
      from = from + m.index + m[0].length;
    } else {
      const open = source.slice(from).search(/\S/);
      if (open < 0 || source[from + open] !== '[') break;
      const at = elementOffset(source, from + open, part);
      if (at === null) break;
      offset = at;
      from = at;
    }
  }
  return offset === null ? null : positionAt(source, offset);
}

/** Adds line and column to the diagnostics that lack them, reading each file once. */
export function addPositions(root: string, list: Diagnostic[]): void {
  const sources = new Map<string, string | null>();
  for (const d of list) {
    if (d.line !== undefined || !d.path.length) continue;
    if (!sources.has(d.file)) {
      try {
        sources.set(d.file, readFileSync(join(root, d.file), 'utf8'));
      } catch {
        sources.set(d.file, null);
      }
    }
    const source = sources.get(d.file);
    const at = source ? locate(source, d.path) : null;
    if (at) Object.assign(d, at);
  }
}
