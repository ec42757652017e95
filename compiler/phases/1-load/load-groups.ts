import { dirname } from 'node:path';
import { consecutiveGroups, importStatements, type Joinable, type ModuleImport } from '../../module-groups';

// A large project's declaration modules reach the load's bundle (./bundled.ts) as fewer, larger
// modules: consecutive files of one folder that are imports and then `export default <call or
// object>`, each default a named export of a group module, the group's imports joined at its top
// (as 5-emit/rule-groups.ts does for the environments' builds). esbuild pays per module: the
// 5,000-rule bench's load went from 5,276 modules to 209 (57 groups; bundled.ts has the figures).
//
// The imports and the shape are found by a scan of the .ts, not a parse (the parsed modules are
// made later, beside validation, about 1 s of node at 5,000 rules; the scan and the reads of
// those 5,000 files took 0.17-0.5 s of one thread in a probe, warm to cold, which the smaller
// bundle's evaluation gives back), and the scan is trusted only where it is exact: a file with a `/` that is not a comment (a regular expression or a division,
// which a scan cannot tell apart), a backslash or a non-ASCII character outside strings, anything
// at its top level but imports and `export default <call or object literal>;`, or any import form
// it does not know stays a module of its own. So a member declares nothing that could clash, and
// its refs are every identifier it has (a property name too), which the group's scope checks
// (compiler/module-groups.ts).

/** How many modules a group holds at most: 5,000 rules in about 50 modules. */
export const MODULES_PER_GROUP = 100;

/** The name a group exports its `index`-th member's default by. */
export const memberExport = (index: number) => `__tagcLoad${index}`;

const isIdStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
const isIdPart = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);

/** `i` past any whitespace and comments; -1 at a comment without its end. */
function skip(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return -1;
      i = end + 2;
    } else return i;
  }
}

/**
 * The end of the bracketed code opening at `i` (its closing bracket's index + 1), adding every
 * identifier in it to `words`; -1 where a scan cannot be sure of it: a `/` that is not a comment
 * (a regular expression or a division), a backslash, `#`, `@` or a non-ASCII character outside
 * strings and comments, a string broken by a line end, or brackets that do not match.
 */
function balanced(text: string, i: number, words: Set<string>): number {
  // Open brackets by their closing character; 0 for a template's `${`.
  const open: number[] = [];
  const n = text.length;
  // Scans a template's text from `i`, up to its end (false) or its next `${` (true); -1 at no end.
  const template = (): boolean | -1 => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 96) {
        i++;
        return false;
      } else if (c === 36 && text.charCodeAt(i + 1) === 123) {
        i += 2;
        open.push(0);
        return true;
      }
    }
    return -1;
  };
  do {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else if (c === 47) {
      i = skip(text, i);
      if (i < 0 || text.charCodeAt(i) === 47) return -1;
    } else if (c === 39 || c === 34) {
      for (i++; ; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === c) break;
        else if (d === 10 || d === 13 || i >= n) return -1;
      }
      i++;
    } else if (c === 96) {
      i++;
      if (template() === -1) return -1;
    } else if (isIdStart(c)) {
      const start = i++;
      while (isIdPart(text.charCodeAt(i))) i++;
      words.add(text.slice(start, i));
    } else if (c >= 48 && c <= 57) {
      while (isIdPart(text.charCodeAt(i))) i++;
    } else if (c === 40 || c === 91 || c === 123) {
      open.push(c === 40 ? 41 : c + 2);
      i++;
    } else if (c === 41 || c === 93 || c === 125) {
      const expected = open.pop();
      i++;
      if (expected === 0 && c === 125) {
        if (template() === -1) return -1;
      } else if (expected !== c) return -1;
    } else if (c < 127 && c > 32 && c !== 92 && c !== 35 && c !== 64) i++;
    else return -1;
  } while (open.length && i < n);
  return open.length ? -1 : i;
}

/** A member of a group: its default export's expression and its imports; its refs are every identifier in its code. */
export interface Member extends Joinable {
  expression: string;
  imports: ModuleImport[];
}

const ID = '[A-Za-z_$][\\w$]*';
/** `import 'x';`, `import d from 'x';`, `import * as ns from 'x';`, `import d, { a, b as c } from 'x';` and so on, without comments inside. */
const IMPORT = new RegExp(`import(?:\\s+(${ID})(?:\\s*,\\s*(?:\\*\\s*as\\s+(${ID})\\s+|\\{([^}]*)\\}\\s*)|\\s+)from|\\s*\\*\\s*as\\s+(${ID})\\s+from|\\s*\\{([^}]*)\\}\\s*from|)\\s*(['"])([^'"\\\\\\r\\n]*)\\6\\s*;`, 'y');
const SPECIFIER = new RegExp(`^\\s*(${ID})(?:\\s+as\\s+(${ID}))?\\s*$`);
/** `export default` then the start of a call (`rule(`, `a.b(`) or an object literal. */
const EXPORT_DEFAULT = new RegExp(`export(?![\\w$])`, 'y');
const DEFAULT = new RegExp(`default(?![\\w$])`, 'y');
const CALLEE = new RegExp(`(${ID}(?:\\.${ID})*)\\s*\\(`, 'y');
const NOT_CALLEE = /^(function|class|async|abstract|interface|type|new|void|typeof|delete|this|super|await|yield|import)(\.|$)/;

/** `text` (the module `abs`) as a group member, or undefined where the scan cannot vouch for it. */
export function memberOf(abs: string, text: string): Member | undefined {
  const imports: ModuleImport[] = [];
  let i = skip(text, 0);
  for (;;) {
    if (i < 0) return undefined;
    IMPORT.lastIndex = i;
    const m = IMPORT.exec(text);
    if (!m) break;
    const names = new Map<string, string>();
    if (m[1]) names.set(m[1], 'default');
    if (m[2] ?? m[4]) names.set((m[2] ?? m[4])!, '*');
    const list = m[3] ?? m[5];
    if (list !== undefined) {
      const items = list.split(',');
      if (items.length > 1 && !items[items.length - 1]!.trim()) items.pop();
      for (const item of items) {
        const spec = SPECIFIER.exec(item);
        if (!spec) return undefined;
        names.set(spec[2] ?? spec[1]!, spec[1]!);
      }
    }
    imports.push({ source: m[7]!, names });
    i = skip(text, IMPORT.lastIndex);
  }
  EXPORT_DEFAULT.lastIndex = i;
  if (!EXPORT_DEFAULT.test(text)) return undefined;
  i = skip(text, EXPORT_DEFAULT.lastIndex);
  DEFAULT.lastIndex = i;
  if (i < 0 || !DEFAULT.test(text)) return undefined;
  const start = skip(text, DEFAULT.lastIndex);
  if (start < 0) return undefined;
  const refs = new Set<string>();
  let open = start;
  if (text.charCodeAt(start) !== 123) {
    CALLEE.lastIndex = start;
    const callee = CALLEE.exec(text);
    if (!callee || NOT_CALLEE.test(callee[1]!)) return undefined;
    for (const w of callee[1]!.split('.')) refs.add(w);
    open = CALLEE.lastIndex - 1;
  }
  const end = balanced(text, open, refs);
  if (end < 0) return undefined;
  let rest = skip(text, end);
  if (text.charCodeAt(rest) === 59) rest = skip(text, rest + 1);
  if (rest !== text.length) return undefined;
  if ([...refs].some((w) => w.startsWith('__tagc'))) return undefined;
  for (const imp of imports) for (const local of imp.names.keys()) if (local.startsWith('__tagc')) return undefined;
  return { abs, expression: text.slice(start, end), imports, refs };
}

/** A group module: its file (virtual, in its members' folder) and members, in order. */
export interface LoadGroup {
  dir: string;
  members: Member[];
}

/**
 * The groups of `paths` (in the load's order; `read` gives a file's text): consecutive modules of
 * one folder that can join, at most MODULES_PER_GROUP each. The others stay modules of their own.
 */
export function loadGroups(paths: readonly string[], read: (abs: string) => string): LoadGroup[] {
  const members = paths.map((abs) => (abs.endsWith('.ts') ? memberOf(abs, read(abs)) : undefined));
  return consecutiveGroups(members, MODULES_PER_GROUP).map((group) => ({ dir: dirname(group[0]!.abs), members: group }));
}

/** A group's module text: its members' imports, joined, then each member's default as a named export. */
export function groupModule(group: LoadGroup): string {
  const lines = importStatements(group.members);
  group.members.forEach((m, i) => lines.push(`export const ${memberExport(i)} = (\n${m.expression}\n);`));
  return `${lines.join('\n')}\n`;
}
