import type { PropertyFacts, ValueFacts } from './tooling-fields';

// The object literals of a bundle and what tooling-fields.ts needs of each property, found by
// one pass of a tokenizer instead of a whole-bundle AST: swc's AST of a 1 MB bundle arrived as
// JSON text (5,000 rules: ~0.5 s of the main thread and 120-150 MB native, ~60 MB of V8 objects,
// twice a build) to find a few dozen properties. The scanner tells an object literal from a
// block by the token before its brace, a regular expression from a division likewise, and reads
// each property's value only as far as the decision needs (an empty object, a list of strings,
// a value whose evaluation cannot be observed). Where the text is not what it knows (a regular
// expression after a block, an object literal that may be a destructuring pattern, escapes in a
// name) it gives up, and the caller parses the bundle as before: it never guesses.

const NAME = 0;
const PRIVATE = 1;
const NUMBER = 2;
const STRING = 3;
const REGEXP = 4;
const PUNCT = 5;
const TEMPLATE = 6; // a template without substitutions
const TEMPLATE_OPEN = 7; // `...${
const TEMPLATE_MID = 8; // }...${
const TEMPLATE_CLOSE = 9; // }...`

type Frame = { open: number; kind: 'object' | 'block' | 'class' | 'paren' | 'bracket' | 'template'; ternaries: number; commas: number[]; classPending: boolean };

const NO_COMMAS: number[] = [];

/** Gave up: the bundle is parsed instead. */
class Unsure extends Error {}

/** Names after which `{` opens an object literal and `/` a regular expression. */
const EXPRESSION_AFTER = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'yield', 'await', 'extends']);
/** A declaration's keyword: a `{` after it opens a pattern, which the scanner reads as an object literal (patternSuspect then tells). */
const DECLARATION = new Set(['var', 'let', 'const']);
/** Names after which `/` is a regular expression (a statement starts). */
const REGEXP_AFTER = new Set([...EXPRESSION_AFTER, 'do', 'else']);
/** A parenthesis after these is a statement's head, not a call or a parameter list. */
const STATEMENT_HEAD = new Set(['if', 'while', 'for', 'with', 'switch']);
/** Names that are never an Identifier as a value (`true`, `false`, `null` are literals; `yield` depends on where it stands). */
const RESERVED = new Set(['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'return', 'super', 'switch', 'this', 'throw', 'try', 'typeof', 'var', 'void', 'while', 'with']);
const LITERAL_NAMES = new Set(['true', 'false', 'null']);
const LOGICAL = new Set(['&&', '||', '??']);

const PUNCTUATOR = />>>=|\.\.\.|===|!==|\*\*=|<<=|>>=|>>>|&&=|\|\|=|\?\?=|=>|==|!=|<=|>=|&&|\|\||\?\?|\?\.(?!\d)|\+\+|--|\+=|-=|\*=|%=|&=|\|=|\^=|\*\*|<<|>>|[{}()[\];,<>+\-*%&|^!~?:=.@]/y;
const NUMERIC = /0[xXoObB][\da-fA-F_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?n?/y;
const SPACE = /(?:[\s\uFEFF]+|\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\/)+/y;

const identifierChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 36 || c === 95 || c === 92 || (c > 127 && !/\s/.test(String.fromCharCode(c)));

/** An object literal: its properties, and whether it may be a destructuring pattern (asked once the scan is done). */
export interface ScannedObject {
  props: PropertyFacts[];
  mayBePattern: () => boolean;
}

/**
 * The object literals of `js` that have a spread or a property named one of `keys`, or undefined
 * when the scanner is not sure of the text.
 */
export function scanObjectLiterals(js: string, keys: ReadonlySet<string>): ScannedObject[] | undefined {
  return scanBundle(js, keys)?.objects;
}

/** What the scan of a bundle gives: its object literals (as scanObjectLiterals) and which names its code reads. */
export interface ScannedBundle {
  objects: ScannedObject[];
  /** Whether a token reads `name` other than as an object's key: a member (`.name`, `?.name`) or a string or plain template equal to it. Text inside strings, templates, regular expressions and comments is not a read. */
  reads: (name: string) => boolean;
}

/** The object literals of `js` (as scanObjectLiterals) and its reads, or undefined when the scanner is not sure of the text. */
export function scanBundle(js: string, keys: ReadonlySet<string>): ScannedBundle | undefined {
  try {
    const scanner = new Scanner(js, keys);
    return { objects: scanner.run(), reads: (name) => scanner.reads(name) };
  } catch (error) {
    if (error instanceof Unsure) return undefined;
    throw error;
  }
}

const HEX_ESCAPE = /x([\da-fA-F]{2})|u([\da-fA-F]{4})|u\{([\da-fA-F]{1,6})\}/y;

/** A string literal's or plain template's text with its escapes read, or undefined for an escape this does not read (the caller then counts it as a read). */
export function literalText(quoted: string): string | undefined {
  const inner = quoted.slice(1, -1);
  if (!inner.includes('\\')) return inner;
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] !== '\\') {
      out += inner[i];
      continue;
    }
    HEX_ESCAPE.lastIndex = i + 1;
    const hex = HEX_ESCAPE.exec(inner);
    if (hex) {
      out += String.fromCodePoint(parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16));
      i += hex[0].length;
    } else if (/[^\dxu\r\n\u2028\u2029]/.test(inner[i + 1] ?? '')) out += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' } as Record<string, string>)[inner[++i]!] ?? inner[i];
    else return undefined;
  }
  return out;
}

class Scanner {
  private readonly js: string;
  private n = 0;
  private type: Uint8Array;
  private start: Int32Array;
  private end: Int32Array;
  /** For an opening bracket, its closing one (a template's first part: its last); and back. */
  private match: Int32Array;
  /** For an opening bracket, the opening bracket it is in (-1 at the top). */
  private parent: Int32Array;
  /** For an opening brace, whether it opened a block or class body (not an object literal). */
  private block: Uint8Array;
  private readonly frames: Frame[] = [];
  private readonly root: Frame = { open: -1, kind: 'block', ternaries: 0, commas: [], classPending: false };
  private readonly objects: ScannedObject[] = [];
  /** Whether the last `:` began an expression (a property's value, a conditional's branch) rather than ended a label or case. */
  private colonStartsExpression = false;

  private readonly keys: ReadonlySet<string>;

  constructor(js: string, keys: ReadonlySet<string>) {
    this.js = js;
    this.keys = keys;
    const capacity = Math.max(16, js.length >> 1);
    this.type = new Uint8Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.match = new Int32Array(capacity);
    this.parent = new Int32Array(capacity);
    this.block = new Uint8Array(capacity);
  }

  private get top(): Frame {
    return this.frames[this.frames.length - 1] ?? this.root;
  }

  private text(i: number): string {
    return this.js.slice(this.start[i], this.end[i]);
  }

  private is(i: number, punct: string): boolean {
    return i >= 0 && i < this.n && this.type[i] === PUNCT && this.end[i] - this.start[i] === punct.length && this.js.startsWith(punct, this.start[i]);
  }

  private push(type: number, start: number, end: number): number {
    if (this.n === this.type.length) this.grow();
    const i = this.n++;
    this.type[i] = type;
    this.start[i] = start;
    this.end[i] = end;
    this.match[i] = -1;
    this.parent[i] = this.top.open;
    return i;
  }

  private grow(): void {
    const size = this.type.length * 2;
    const bigger = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.type = bigger(this.type, (s) => new Uint8Array(s));
    this.block = bigger(this.block, (s) => new Uint8Array(s));
    this.start = bigger(this.start, (s) => new Int32Array(s));
    this.end = bigger(this.end, (s) => new Int32Array(s));
    this.match = bigger(this.match, (s) => new Int32Array(s));
    this.parent = bigger(this.parent, (s) => new Int32Array(s));
  }

  run(): ScannedObject[] {
    const js = this.js;
    let i = 0;
    if (js.startsWith('#!')) while (i < js.length && !'\n\r\u2028\u2029'.includes(js[i]!)) i++;
    for (;;) {
      SPACE.lastIndex = i;
      if (SPACE.exec(js)) i = SPACE.lastIndex;
      if (i >= js.length) break;
      const c = js.charCodeAt(i);
      if (c === 39 || c === 34) i = this.string(i, c);
      else if (c === 96) i = this.template(i + 1, i, true);
      else if (c === 35) i = this.word(i + 1, i, PRIVATE);
      else if ((c >= 48 && c <= 57) || (c === 46 && js.charCodeAt(i + 1) >= 48 && js.charCodeAt(i + 1) <= 57)) {
        NUMERIC.lastIndex = i;
        if (!NUMERIC.exec(js)) throw new Unsure();
        this.push(NUMBER, i, NUMERIC.lastIndex);
        i = NUMERIC.lastIndex;
      } else if (c === 47) i = this.slash(i);
      else if (identifierChar(c)) i = this.word(i, i, NAME);
      else i = this.punctuator(i);
    }
    if (this.frames.length) throw new Unsure();
    return this.objects;
  }

  /** See ScannedBundle.reads; after run(). */
  reads(name: string): boolean {
    for (let i = 0; i < this.n; i++) {
      const type = this.type[i];
      if (type === NAME && this.end[i] - this.start[i] === name.length && this.text(i) === name && (this.is(i - 1, '.') || this.is(i - 1, '?.'))) return true;
      if ((type === STRING || type === TEMPLATE) && this.end[i] - this.start[i] >= name.length + 2) {
        const text = literalText(this.text(i));
        if (text === undefined || text === name) return true;
      }
    }
    return false;
  }

  private word(from: number, start: number, type: number): number {
    let i = from;
    while (i < this.js.length && identifierChar(this.js.charCodeAt(i))) i++;
    if (i === from) throw new Unsure();
    const p = this.n - 1;
    const t = this.push(type, start, i);
    if (type === NAME && this.text(t) === 'class' && !this.is(p, '.') && !this.is(p, '?.')) this.top.classPending = true;
    return i;
  }

  private string(i: number, quote: number): number {
    let j = i + 1;
    for (; j < this.js.length; j++) {
      const c = this.js.charCodeAt(j);
      if (c === 92) j++;
      else if (c === quote) break;
    }
    if (j >= this.js.length) throw new Unsure();
    this.push(STRING, i, j + 1);
    return j + 1;
  }

  /** A template's text from `i` to its end or its next substitution; `first`: it opens the template. */
  private template(i: number, start: number, first: boolean): number {
    let j = i;
    for (; j < this.js.length; j++) {
      const c = this.js.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 96) {
        if (first) this.push(TEMPLATE, start, j + 1);
        else this.close('template', TEMPLATE_CLOSE, start, j + 1);
        return j + 1;
      } else if (c === 36 && this.js.charCodeAt(j + 1) === 123) {
        if (first) this.open('template', TEMPLATE_OPEN, start, j + 2);
        else this.push(TEMPLATE_MID, start, j + 2);
        return j + 2;
      }
    }
    throw new Unsure();
  }

  private slash(i: number): number {
    if (!this.regexpAllowed()) {
      const end = this.js.charCodeAt(i + 1) === 61 ? i + 2 : i + 1;
      this.push(PUNCT, i, end);
      return end;
    }
    let j = i + 1;
    let inClass = false;
    for (; j < this.js.length; j++) {
      const c = this.js.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 10 || c === 13) throw new Unsure();
      else if (c === 91) inClass = true;
      else if (c === 93) inClass = false;
      else if (c === 47 && !inClass) break;
    }
    j++;
    while (j < this.js.length && identifierChar(this.js.charCodeAt(j))) j++;
    this.push(REGEXP, i, j);
    return j;
  }

  /** Whether a `/` here begins a regular expression, from the token before it. */
  private regexpAllowed(): boolean {
    const p = this.n - 1;
    if (p < 0) return true;
    const type = this.type[p];
    if (type === NAME) return REGEXP_AFTER.has(this.text(p));
    if (type === TEMPLATE_OPEN || type === TEMPLATE_MID) return true;
    if (type !== PUNCT) return false;
    if (this.is(p, ']') || this.is(p, '++') || this.is(p, '--')) return false;
    // After a condition's parenthesis a statement starts; after any other, a value ended.
    if (this.is(p, ')')) return this.statementHead(this.match[p]);
    // After an object literal a value ended; after a block a statement starts, unless the block
    // was a function expression's body (a division): the scanner does not tell those apart.
    if (this.is(p, '}')) {
      if (this.block[this.match[p]]) throw new Unsure();
      return false;
    }
    return true;
  }

  /** Whether the parenthesis opened at `open` is an if/while/for/with/switch head. */
  private statementHead(open: number): boolean {
    return open > 0 && this.type[open - 1] === NAME && STATEMENT_HEAD.has(this.text(open - 1));
  }

  private punctuator(i: number): number {
    const c = this.js[i]!;
    let end = i + 1;
    // Brackets and separators are never the start of a longer punctuator.
    if (!'{}()[];,:'.includes(c)) {
      PUNCTUATOR.lastIndex = i;
      if (!PUNCTUATOR.exec(this.js)) throw new Unsure();
      end = PUNCTUATOR.lastIndex;
    }
    if (end === i + 1) {
      if (c === '{') this.brace(i);
      else if (c === '(') this.open('paren', PUNCT, i, end);
      else if (c === '[') this.open('bracket', PUNCT, i, end);
      else if (c === ')') this.close('paren', PUNCT, i, end);
      else if (c === ']') this.close('bracket', PUNCT, i, end);
      else if (c === '}') return this.top.kind === 'template' ? this.template(end, i, false) : (this.closeBrace(i), end);
      else if (c === '?') {
        this.top.ternaries++;
        this.push(PUNCT, i, end);
      } else if (c === ':') {
        this.colon();
        this.push(PUNCT, i, end);
      } else if (c === ',') {
        if (this.top.kind === 'object') this.top.commas.push(this.n);
        this.push(PUNCT, i, end);
      } else this.push(PUNCT, i, end);
    } else this.push(PUNCT, i, end);
    return end;
  }

  private colon(): void {
    const top = this.top;
    if (top.ternaries > 0) {
      top.ternaries--;
      this.colonStartsExpression = true;
    } else if (top.kind === 'object') this.colonStartsExpression = true;
    else if (top.kind === 'block') this.colonStartsExpression = false; // a label, a case
    else throw new Unsure();
  }

  private open(kind: Frame['kind'], type: number, start: number, end: number): number {
    const t = this.push(type, start, end);
    this.frames.push({ open: t, kind, ternaries: 0, commas: kind === 'object' ? [] : NO_COMMAS, classPending: false });
    return t;
  }

  private close(kind: Frame['kind'], type: number, start: number, end: number): Frame {
    const frame = this.frames.pop();
    if (!frame || frame.kind !== kind) throw new Unsure();
    const t = this.push(type, start, end);
    this.match[frame.open] = t;
    this.match[t] = frame.open;
    return frame;
  }

  /** A `{`: an object literal where a value may start, else a block or a class body. */
  private brace(i: number): void {
    const p = this.n - 1;
    const top = this.top;
    let kind: Frame['kind'] = 'object';
    if (p < 0) kind = 'block';
    else if (this.type[p] === NAME) {
      const word = this.text(p);
      // `return` and `yield` end at a line break (a block follows): esbuild never writes one there.
      if ((word === 'return' || word === 'yield') && /[\n\r\u2028\u2029]/.test(this.js.slice(this.end[p], i))) throw new Unsure();
      if (top.classPending && word !== 'extends') kind = 'class';
      else if (!EXPRESSION_AFTER.has(word) && !DECLARATION.has(word)) kind = 'block';
    } else if (this.type[p] === PUNCT) {
      const punct = this.text(p);
      if (top.classPending && (punct === ')' || punct === ']')) kind = 'class';
      else if (punct === ')' || punct === ']' || punct === '}' || punct === ';' || punct === '=>' || punct === '++' || punct === '--') kind = 'block';
      else if (punct === ':' && !this.colonStartsExpression) kind = 'block';
    } else if (this.type[p] !== TEMPLATE_OPEN && this.type[p] !== TEMPLATE_MID) kind = top.classPending ? 'class' : 'block';
    if (kind === 'class') top.classPending = false;
    const t = this.open(kind, PUNCT, i, i + 1);
    this.block[t] = kind === 'object' ? 0 : 1;
  }

  private closeBrace(i: number): void {
    const kind = this.top.kind === 'object' ? 'object' : this.top.kind === 'class' ? 'class' : 'block';
    const frame = this.close(kind, PUNCT, i, i + 1);
    if (kind === 'object') this.object(frame, this.n - 1);
  }

  /** The facts of an object literal's properties, once it has closed at `close`. */
  private object(frame: Frame, close: number): void {
    const bounds = [frame.open, ...frame.commas, close];
    if (!this.wanted(bounds)) return;
    const props: PropertyFacts[] = [];
    for (let k = 0; k + 1 < bounds.length; k++) {
      const a = bounds[k]! + 1;
      const b = bounds[k + 1]!;
      if (a === b) {
        // Only a trailing comma leaves an empty place.
        if (k + 2 === bounds.length && k > 0) continue;
        if (bounds.length === 2) continue; // {}
        throw new Unsure();
      }
      props.push(this.property(a, b));
    }
    if (props.length) this.objects.push({ props, mayBePattern: () => this.patternSuspect(frame.open) });
  }

  /**
   * Whether an object literal (its properties between `bounds`) has a spread or a property named
   * one of the keys: a property's name is among its first three tokens (`async *name`), and a
   * name with an escape is taken as wanted (property() then gives up on it).
   */
  private wanted(bounds: number[]): boolean {
    for (let k = 0; k + 1 < bounds.length; k++) {
      const a = bounds[k]! + 1;
      if (this.is(a, '...')) return true;
      for (let t = a; t < Math.min(a + 3, bounds[k + 1]!); t++) {
        const type = this.type[t];
        if (type !== NAME && type !== STRING) continue;
        const text = this.text(t);
        if (text.includes('\\') || this.keys.has(type === STRING ? text.slice(1, -1) : text)) return true;
      }
    }
    return false;
  }

  /** Facts of the property whose tokens are a..b-1. */
  private property(a: number, b: number): PropertyFacts {
    const start = this.start[a]!;
    const end = this.end[b - 1]!;
    if (this.is(a, '...')) return { kind: 'spread', emptyObject: this.value(a + 1, b) === 'emptyObject', start, end };
    let k = a;
    let accessor = false;
    if (this.type[k] === NAME && k + 1 < b && ['get', 'set', 'async'].includes(this.text(k)) && !this.is(k + 1, ':') && !this.is(k + 1, '(') && !this.is(k + 1, ',')) {
      accessor = this.text(k) !== 'async';
      k++;
    }
    if (this.is(k, '*')) k++;
    const key = this.key(k);
    const after = key.end;
    if (after === b) {
      if (k !== a || this.type[k] !== NAME) throw new Unsure();
      return { kind: 'shorthand', name: key.name!, start, end };
    }
    if (this.is(after, ':') && k === a) return { kind: 'value', name: key.name, value: this.value(after + 1, b), start, end };
    if (this.is(after, '(')) return { kind: 'method', name: accessor ? undefined : key.name, start, end };
    throw new Unsure();
  }

  /** A property's key at token `k`: its name (an identifier's or a string's; none computed or numeric) and the token after it. */
  private key(k: number): { name: string | undefined; end: number } {
    const type = this.type[k];
    if (type === NAME) {
      const name = this.text(k);
      if (name.includes('\\')) throw new Unsure();
      return { name, end: k + 1 };
    }
    if (type === STRING) {
      const raw = this.text(k);
      if (raw.includes('\\')) throw new Unsure();
      return { name: raw.slice(1, -1), end: k + 1 };
    }
    if (type === NUMBER) return { name: undefined, end: k + 1 };
    if (this.is(k, '[')) return { name: undefined, end: this.match[k]! + 1 };
    throw new Unsure();
  }

  /** What a value (tokens a..b-1) is, as far as the blanking decides on it. */
  private value(a: number, b: number): ValueFacts {
    while (this.is(a, '(') && this.match[a] === b - 1) {
      a++;
      b--;
    }
    if (a >= b) throw new Unsure();
    if (this.is(a, '{') && this.match[a] === b - 1) return b - a === 2 ? 'emptyObject' : 'other';
    if (this.is(a, '[') && this.match[a] === b - 1) return this.stringList(a + 1, b - 1) ? 'stringList' : 'other';
    if (b - a === 1 && this.type[a] === STRING && this.text(a).length === 2) return 'emptyString';
    return this.logical(a, b) === b ? 'inert' : 'other';
  }

  /** Whether the elements a..b-1 of an array literal are all string literals (no hole, no spread). */
  private stringList(a: number, b: number): boolean {
    if (a === b) return true;
    const bounds = [a - 1];
    for (let i = a; i < b; i++) {
      // An opening bracket or template: its closing one (openers are the tokens matched further on).
      if (this.match[i]! > i) i = this.match[i]!;
      else if (this.is(i, ',')) bounds.push(i);
    }
    bounds.push(b);
    for (let k = 0; k + 1 < bounds.length; k++) {
      let s = bounds[k]! + 1;
      let e = bounds[k + 1]!;
      // Only a trailing comma leaves an empty place that is no hole.
      if (s === e) {
        if (k > 0 && k + 2 === bounds.length) continue;
        return false;
      }
      while (this.is(s, '(') && this.match[s] === e - 1) {
        s++;
        e--;
      }
      if (e - s !== 1 || this.type[s] !== STRING) return false;
    }
    return true;
  }

  /** The end of `P (op P)*` from `a` (ops: && || ??), or -1 when the tokens are not one. */
  private logical(a: number, b: number): number {
    let i = this.member(a, b);
    while (i >= 0 && i < b && this.type[i] === PUNCT && LOGICAL.has(this.text(i))) i = this.member(i + 1, b);
    return i;
  }

  /** The end of a literal, name or parenthesized logical expression followed by `.name`s, or -1. */
  private member(a: number, b: number): number {
    if (a >= b) return -1;
    let i: number;
    const type = this.type[a];
    if (type === STRING || type === NUMBER || type === REGEXP) i = a + 1;
    else if (type === NAME) {
      const word = this.text(a);
      if (word.includes('\\') || word === 'yield') throw new Unsure();
      if (RESERVED.has(word) && !LITERAL_NAMES.has(word)) return -1;
      i = a + 1;
    } else if (this.is(a, '(')) {
      const close = this.match[a]!;
      if (close >= b || this.logical(a + 1, close) !== close) return -1;
      i = close + 1;
    } else return -1;
    while (i + 1 < b && this.is(i, '.') && (this.type[i + 1] === NAME || this.type[i + 1] === PRIVATE)) i += 2;
    return i;
  }

  /**
   * Whether the object literal opened at `open` may be a destructuring pattern (or inside one):
   * it or a bracket around it, up to the nearest block, is followed by `=` or `=>`, is a
   * parameter list, or follows a declaration's keyword.
   */
  private patternSuspect(open: number): boolean {
    for (let g = open; g >= 0 && !this.block[g]; g = this.parent[g]!) {
      const close = this.match[g]!;
      if (close < 0) return true;
      if (this.is(close + 1, '=') || this.is(close + 1, '=>')) return true;
      if (this.is(g, '(') && this.is(close + 1, '{') && !this.statementHead(g)) return true;
      if (g > 0 && this.type[g - 1] === NAME && (DECLARATION.has(this.text(g - 1)) || this.text(g - 1) === 'catch')) return true;
    }
    return false;
  }
}
