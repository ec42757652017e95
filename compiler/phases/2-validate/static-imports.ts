// The modules a TypeScript file imports, read from its text without TypeScript's tree, for the
// files the network proof does not need a tree of (network-proof.ts): what TypeScript lists as
// the file's imports (`SourceFile.imports`) for a `.ts` file without a dynamic import — the
// module of each top-level `import … from`, `import '…'`, `export … from` and
// `import x = require('…')`, in source order. Imports inside `declare module` and
// `declare global` blocks are not the file's own (TypeScript lists only non-relative ones there,
// which the proof does not follow), so only the top level counts. A text this scan cannot read
// with certainty has no answer (undefined), and the proof asks TypeScript for its tree instead.

interface Token {
  /** `w` a word, `s` a string literal (its text in `v`), `p` a punctuator, `v` another value (number, template, regex). */
  t: 'w' | 's' | 'p' | 'v';
  v: string;
  /** Brace depth before the token: 0 is the top level. */
  depth: number;
}

/** Words after which `/` starts a regular expression; after any other word it divides. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
/**
 * The steps of the scan, tried in this order where it stands: white space or a comment (skipped),
 * a string (its text; one that does not close on its line is left to the one-character case), a
 * word or number, or one character (the scan decides what it opens). Sticky expressions read by
 * `test`, not `exec`: a match array per token was most of what the scan allocated (about 110 MB
 * over the 5,000 files of a 5,000-rule project).
 */
const SKIP = /\s+|\/\/[^\n]*|\/\*[^]*?\*\//y;
const WORD = /[\w$#\u0080-\uffff]+/y;

/** Index of the quote closing the string that opens at i, on its line; -1 if none. */
function stringEnd(text: string, i: number): number {
  const quote = text[i];
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === quote) return j;
    if (text[j] === '\n') return -1;
  }
  return -1;
}
const FLAGS = /[\w$#\u0080-\uffff]*/y;

/** End of the template text starting at i (after `` ` `` or `}`): index of the closing `` ` `` or of `${`, -1 if unterminated. */
function templateEnd(text: string, i: number): number {
  for (let j = i; j < text.length; j++) if (text[j] === '`' || (text[j] === '$' && text[j + 1] === '{')) return j;
  return -1;
}

/** Whether `/` after `prev` divides (else it starts a regular expression); undefined after `)`, `}`, `!`, `++` and `--` (`n! / 2`, `!/a/`), which only a parser knows. */
function divides(prev: Token | undefined, before: Token | undefined): boolean | undefined {
  if (!prev) return false;
  if (prev.t === 'p') {
    if (prev.v === ')' || prev.v === '}' || prev.v === '!' || ((prev.v === '+' || prev.v === '-') && before?.v === prev.v)) return undefined;
    return prev.v === ']';
  }
  return prev.t !== 'w' || !BEFORE_EXPRESSION.has(prev.v);
}

/** End of the regular expression starting at i: after its closing `/` (outside a character class, on its line) and flags; -1 if unterminated. */
function regexEnd(text: string, i: number): number {
  let j = i + 1;
  for (let inClass = false; j < text.length && (inClass || text[j] !== '/'); j++) {
    if (text[j] === '\n') return -1;
    if (text[j] === '[') inClass = true;
    else if (text[j] === ']') inClass = false;
  }
  if (j >= text.length) return -1;
  FLAGS.lastIndex = j + 1;
  FLAGS.test(text);
  return FLAGS.lastIndex;
}

/**
 * The file's tokens, or undefined where it is not certain of them: a backslash (an escape can
 * hide a quote or spell a word), an unterminated comment, string, template or regular
 * expression, unbalanced braces, or a `/` that only a parser could read (divides()).
 */
function tokens(text: string): Token[] | undefined {
  if (text.includes('\\')) return undefined;
  const out: Token[] = [];
  // Open braces: `{` of code, or `${` of a template (whose `}` resumes the template's text).
  const open: ('{' | '${')[] = [];
  const push = (t: Token['t'], v: string) => out.push({ t, v, depth: open.length });
  // A `#!` line is a comment.
  let i = text.startsWith('#!') ? text.indexOf('\n') >>> 0 : 0;
  // A template's text from i: a value token, then its end or its first substitution.
  const template = (): boolean => {
    const end = templateEnd(text, i);
    if (end < 0) return false;
    push('v', '`');
    if (text[end] === '`') i = end + 1;
    else {
      open.push('${');
      i = end + 2;
    }
    return true;
  };
  while (i < text.length) {
    SKIP.lastIndex = i;
    if (SKIP.test(text)) {
      i = SKIP.lastIndex;
      continue;
    }
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = stringEnd(text, i);
      if (end >= 0) {
        push('s', text.slice(i + 1, end));
        i = end + 1;
        continue;
      }
    } else {
      WORD.lastIndex = i;
      if (WORD.test(text)) {
        const word = text.slice(i, WORD.lastIndex);
        i = WORD.lastIndex;
        const first = word.charCodeAt(0);
        push(first >= 48 && first <= 57 ? 'v' : 'w', word);
        continue;
      }
    }
    // One character, which the scan reads in its context.
    i++;
    if (c === '`') {
      if (!template()) return undefined;
    } else if (c === '{') {
      push('p', c);
      open.push('{');
    } else if (c === '}') {
      const closed = open.pop();
      if (!closed) return undefined;
      if (closed === '${' && !template()) return undefined;
      if (closed === '{') push('p', c);
    } else if (c === '/') {
      // Not a comment (SKIP would have taken it), unless one that does not close.
      if (text[i] === '*') return undefined;
      const division = divides(out[out.length - 1], out[out.length - 2]);
      if (division === undefined) return undefined;
      if (division) push('p', c);
      else {
        const end = regexEnd(text, i - 1);
        if (end < 0) return undefined;
        push('v', text.slice(i - 1, end));
        i = end;
      }
    } else if (c === "'" || c === '"') return undefined;
    else push('p', c);
  }
  return open.length ? undefined : out;
}

/** Index after the `{ … }` opening at i (names in an import or export clause), -1 if unclosed. */
function afterBraces(toks: Token[], i: number): number {
  let j = i + 1;
  while (j < toks.length && !(toks[j].t === 'p' && toks[j].v === '}')) j++;
  return j < toks.length ? j + 1 : -1;
}

const is = (tok: Token | undefined, t: Token['t'], v?: string) => tok !== undefined && tok.t === t && (v === undefined || tok.v === v);

/**
 * The module of the `import` declaration at i: null for an import alias (`import x = A.B`),
 * undefined for a form this scan does not know. Names in the clause may be any word, `from` and
 * `type` too (`import { from } from './x'`, `import type from './x'`): the module is the string
 * after the `from` that a string follows.
 */
function importAt(toks: Token[], i: number): string | null | undefined {
  if (is(toks[i + 1], 's')) return toks[i + 1].v;
  for (let j = i + 1; j < toks.length; ) {
    const tok = toks[j];
    if (is(tok, 'w', 'from') && is(toks[j + 1], 's')) return toks[j + 1].v;
    if (is(tok, 'p', '=')) {
      const [r, open, spec, close] = toks.slice(j + 1, j + 5);
      if (is(r, 'w', 'require') && is(open, 'p', '(') && is(spec, 's') && is(close, 'p', ')')) return spec.v;
      return is(r, 'w') && !is(open, 'p', '(') ? null : undefined;
    }
    if (is(tok, 'p', '{')) j = afterBraces(toks, j);
    else if (is(tok, 'w') || is(tok, 'p', ',') || is(tok, 'p', '*')) j++;
    else return undefined;
    if (j < 0) return undefined;
  }
  return undefined;
}

/** The module of the `export` declaration at i: null for one that exports from none (a declaration, `export { a }`, `export default`). */
function exportAt(toks: Token[], i: number): string | null | undefined {
  let j = i + 1;
  if (is(toks[j], 'w', 'import')) return importAt(toks, j);
  if (is(toks[j], 'w', 'type') && (is(toks[j + 1], 'p', '{') || is(toks[j + 1], 'p', '*'))) j++;
  if (is(toks[j], 'p', '*')) {
    j++;
    if (is(toks[j], 'w', 'as')) j += 2;
    return is(toks[j], 'w', 'from') && is(toks[j + 1], 's') ? toks[j + 1].v : undefined;
  }
  if (!is(toks[j], 'p', '{')) return null;
  j = afterBraces(toks, j);
  if (j < 0) return undefined;
  return is(toks[j], 'w', 'from') ? (is(toks[j + 1], 's') ? toks[j + 1].v : undefined) : null;
}

/**
 * The modules the file imports (non-empty module names, in source order), as TypeScript lists
 * them for a `.ts` file without a dynamic import; undefined when the text is not certain.
 */
export function staticImports(text: string): string[] | undefined {
  const toks = tokens(text);
  if (!toks) return undefined;
  const out: string[] = [];
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i];
    if (tok.depth !== 0 || tok.t !== 'w' || (tok.v !== 'import' && tok.v !== 'export')) continue;
    // A property named so follows `.`; `import.meta` is an expression; `import(…)` is a dynamic import, which TypeScript lists too.
    if (is(toks[i - 1], 'p', '.') || is(toks[i + 1], 'p', '.')) continue;
    if (is(toks[i + 1], 'p', '(')) return undefined;
    // `export import x = require(…)`: read with its `export`.
    if (tok.v === 'import' && is(toks[i - 1], 'w', 'export')) continue;
    const spec = tok.v === 'import' ? importAt(toks, i) : exportAt(toks, i);
    if (spec === undefined) return undefined;
    if (spec) out.push(spec);
  }
  return out;
}
