import type { Expression, MemberExpression, Module, ObjectExpression, ObjectPattern, StringLiteral, TemplateLiteral } from '@swc/core';
import { blankRanges } from '../../js-syntax';
import { parseWithPositions } from './swc-positions';
import { scanBundle } from './tooling-scan';

// A step (condition, action or event source: an object with a `kind`) carries two fields that
// only tooling reads, in Node: `params` (the compiler's checks, graph.json, the viewer) and an
// action's `sends` (the consent and network proofs). The runtime never reads either, and bundles
// without tooling already write `params` as `{}` (runtime/declare/tooling.ts); but the type keeps
// both required, so that no kind can forget its `sends`. This blanks them from the step literals
// of such a bundle (and a rule's literal `environments`, likewise the compiler's) after esbuild, before swc compresses it: the proofs ran on the loaded modules,
// and blanking (not cutting) keeps esbuild's source map exact for swc to chain.
// The object literals are found by a scan of the bundle's tokens (./tooling-scan.ts: 5,000 rules,
// ~0.5 s of the main thread and 120-150 MB native less a bundle than swc's AST as JSON). Where
// the scanner is not sure of the text, swc parses the bundle as before (on Node's thread pool, or
// the main thread when large), its positions converted to the text's own (./swc-positions.ts).
// Both give the same facts of each property (PropertyFacts), on which one decision is made.

/** Runtime names the blanking looks for, as they appear in the bundle (after property mangling). */
export interface StepFieldNames {
  kind: string;
  sends: string;
  /** An action's code: with `sends`, it makes a custom action's literal a step before declare/rule.ts gives it its kind. */
  run: string;
  /** A custom action's declared hosts, which only tooling reads (declare/rule.ts copies them into its params). */
  hosts: string;
  /** Factory options that only tooling reads, under their shortened names (mangled-props.ts, TOOLING_OPTIONS). */
  options: readonly string[];
}

type Prop = ObjectExpression['properties'][number];

/** Parentheses do not change what a value is (acorn, which this replaced, kept none). */
const bare = (node: Expression): Expression => (node.type === 'ParenthesisExpression' ? bare(node.expression) : node);

const LITERALS = new Set(['StringLiteral', 'NumericLiteral', 'BooleanLiteral', 'NullLiteral', 'BigIntLiteral', 'RegExpLiteral']);
const LOGICAL = new Set(['&&', '||', '??']);

/** A value whose evaluation cannot be observed (a literal, a name, a plain member read, `a ?? b` of those). */
function inert(expression: Expression): boolean {
  const node = bare(expression);
  if (LITERALS.has(node.type) || node.type === 'Identifier') return true;
  if (node.type === 'MemberExpression') return node.property.type !== 'Computed' && inert(node.object);
  if (node.type === 'BinaryExpression') return LOGICAL.has(node.operator) && inert(node.left) && inert(node.right);
  return false;
}

/** The static name of a property or method (`k: v`, `k`, `k() {}`; not a getter or setter), if it has one. */
function keyName(prop: Prop): string | undefined {
  if (prop.type === 'Identifier') return prop.value;
  if (prop.type !== 'KeyValueProperty' && prop.type !== 'MethodProperty') return undefined;
  return prop.key.type === 'Identifier' || prop.key.type === 'StringLiteral' ? prop.key.value : undefined;
}

/** A property's position in swc's terms (its key, or a spread's `...`, to its value's end). */
function span(prop: Prop): { start: number; end: number } | undefined {
  if (prop.type === 'Identifier') return prop.span;
  if (prop.type === 'SpreadElement') return 'span' in prop.arguments ? { start: prop.spread.start, end: prop.arguments.span.end } : undefined;
  // Every value droppable() accepts has a span (JSX, which may not, is never inert).
  if (prop.type !== 'KeyValueProperty' || !('span' in prop.value)) return undefined;
  return { start: prop.key.span.start, end: prop.value.span.end };
}

const stringList = (value: Expression): boolean => value.type === 'ArrayExpression' && value.elements.every((e) => e !== undefined && !e.spread && bare(e.expression).type === 'StringLiteral');

/** What the blanking needs of a value: an empty object, a list of string literals, the empty string, another value whose evaluation cannot be observed (inert), or other. */
export type ValueFacts = 'emptyObject' | 'stringList' | 'emptyString' | 'inert' | 'other';

/** What the blanking needs of one property of an object literal, and its position in the text (its key, or a spread's `...`, to its value's end). */
export type PropertyFacts = { start: number; end: number } & (
  | { kind: 'value'; name: string | undefined; value: ValueFacts }
  | { kind: 'shorthand'; name: string }
  /** A method (a getter or setter has no name here). */
  | { kind: 'method'; name: string | undefined }
  | { kind: 'spread'; emptyObject: boolean }
);

/** The facts of one property of swc's AST (positions converted by `index`). */
function astFacts(prop: Prop, index: (position: number) => number): PropertyFacts {
  const at = span(prop);
  const start = at ? index(at.start) : -1;
  const end = at ? index(at.end) : -1;
  if (prop.type === 'Identifier') return { kind: 'shorthand', name: prop.value, start, end };
  if (prop.type === 'SpreadElement') {
    const value = bare(prop.arguments);
    return { kind: 'spread', emptyObject: value.type === 'ObjectExpression' && value.properties.length === 0, start, end };
  }
  if (prop.type === 'KeyValueProperty') return { kind: 'value', name: keyName(prop), value: valueFacts(prop.value), start, end };
  return { kind: 'method', name: keyName(prop), start, end };
}

function valueFacts(expression: Expression): ValueFacts {
  const value = bare(expression);
  if (value.type === 'ObjectExpression' && value.properties.length === 0) return 'emptyObject';
  if (stringList(value)) return 'stringList';
  if (value.type === 'StringLiteral' && value.value === '') return 'emptyString';
  return inert(expression) ? 'inert' : 'other';
}

/** The name and value of a plain `key: value` (or shorthand, a name: inert) property. */
function plain(prop: PropertyFacts): { name: string; value: ValueFacts } | undefined {
  if (prop.kind === 'shorthand') return { name: prop.name, value: 'inert' };
  return prop.kind === 'value' && prop.name !== undefined ? { name: prop.name, value: prop.value } : undefined;
}

function droppable(prop: PropertyFacts, names: StepFieldNames, custom: boolean): boolean {
  const found = plain(prop);
  if (!found) return false;
  if (custom && found.name === names.hosts) return found.value === 'stringList' || found.value === 'inert';
  if (found.name === 'params') return found.value === 'emptyObject';
  // An event's kind is tooling's alone: `TOOLING ? kind : ''` leaves the empty string (conditions and actions keep theirs, which monitors name).
  if (found.name === names.kind) return found.value === 'emptyString';
  return found.name === names.sends && (found.value === 'inert' || found.value === 'emptyString');
}

/**
 * A rule's `environments` (`environments: ['dev', 'stg', 'prod']`): the compiler reads it from the
 * loaded module to plan each bundle's rules, and no runtime code reads it; a literal list of names
 * is inert, so it goes from every object (prod -20 B gzip -9).
 */
function environmentList(prop: PropertyFacts): boolean {
  const found = plain(prop);
  return found?.name === 'environments' && found.value === 'stringList';
}

/** `...{}`: what a tooling-only spread leaves without tooling (`...(TOOLING ? { … } : {})`); it adds nothing to any object. */
const emptySpread = (prop: PropertyFacts): boolean => prop.kind === 'spread' && prop.emptyObject;

/**
 * Which properties of an object literal are tooling-only: a step's fields, a rule's environments,
 * an empty spread. A step has a kind, or is a custom action as a rule file writes it (code to run and its `sends`,
 * no kind yet): declare/rule.ts copies its `sends` and `hosts` only where tooling reads them.
 */
function toolingOnly(props: PropertyFacts[], names: StepFieldNames): number[] {
  const has = (name: string) => props.some((p) => p.kind !== 'spread' && p.name === name);
  const custom = !has(names.kind) && has(names.run) && has(names.sends);
  const step = custom || has(names.kind);
  return props.flatMap((p, i) => ((step && droppable(p, names, custom)) || environmentList(p) || emptySpread(p) ? [i] : []));
}

/** An object literal's properties, or a destructuring pattern's (swc's AST; never blanked, but its keys are reads). */
type FoundObject = { props: PropertyFacts[]; mayBePattern?: () => boolean; pattern?: boolean };

/** A destructuring pattern's property, by its key alone (its keys are reads, never blanked). */
function patternFacts(prop: ObjectPattern['properties'][number]): PropertyFacts {
  const key = prop.type === 'AssignmentPatternProperty' ? prop.key : prop.type === 'KeyValuePatternProperty' ? prop.key : undefined;
  const name = key?.type === 'Identifier' || key?.type === 'StringLiteral' ? key.value : undefined;
  return { kind: 'value', name, value: 'other', start: -1, end: -1 };
}

/** Every object literal and destructuring pattern of a parsed bundle, as the facts of its properties, and the names its code reads (ScannedBundle.reads). */
function astObjects(program: Module, index: (position: number) => number): { objects: FoundObject[]; reads: (name: string) => boolean } {
  const found: FoundObject[] = [];
  const read = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as { type?: unknown; properties?: Prop[] };
    if (node.type === 'ObjectExpression' && node.properties!.length) found.push({ props: node.properties!.map((p) => astFacts(p, index)) });
    if (node.type === 'ObjectPattern') found.push({ props: (value as ObjectPattern).properties.map(patternFacts), pattern: true });
    if (node.type === 'MemberExpression') {
      const { property } = value as MemberExpression;
      if (property.type === 'Identifier') read.add(property.value);
    }
    if (node.type === 'StringLiteral') read.add((value as StringLiteral).value);
    if (node.type === 'TemplateLiteral' && !(value as TemplateLiteral).expressions.length) read.add((value as TemplateLiteral).quasis[0]?.cooked ?? '');
    // swc nodes have no common child list (call arguments are untyped objects): every field is searched.
    const fields = value as Record<string, unknown>;
    for (const key in fields) if (key !== 'span' && typeof fields[key] === 'object') visit(fields[key]);
  };
  visit(program);
  return { objects: found, reads: (name) => read.has(name) };
}

const BLANK = /\s+|\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\//y;
const TRAILING_COMMA = /\s*,/y;

/** Skips white space and comments from `i`. */
function skipBlank(js: string, i: number): number {
  for (BLANK.lastIndex = i; BLANK.exec(js); ) i = BLANK.lastIndex;
  return i;
}

/**
 * The range of a property, `start` to `end`, with its separating comma, so that blanking any
 * subset of an object's properties leaves valid syntax: up to the next property's first token,
 * or, for the last property, through a trailing comma.
 */
function propertyRange(js: string, start: number, end: number, last: boolean): [number, number] {
  if (last) {
    TRAILING_COMMA.lastIndex = end;
    return [start, TRAILING_COMMA.exec(js) ? TRAILING_COMMA.lastIndex : end];
  }
  const comma = skipBlank(js, end);
  if (js[comma] !== ',') throw new Error(`tooling fields: no comma after the property at ${start}`);
  return [start, skipBlank(js, comma + 1)];
}

/** The option name (names.options) a property of an object literal or pattern is keyed by, if any. */
function optionKey(prop: PropertyFacts, names: StepFieldNames): string | undefined {
  return prop.kind !== 'spread' && prop.name !== undefined && names.options.includes(prop.name) ? prop.name : undefined;
}

/** The tooling-only properties' ranges among `objects`; undefined when one of them may be a destructuring pattern (the scanner does not know). */
function rangesOf(js: string, { objects, reads }: { objects: FoundObject[]; reads: (name: string) => boolean }, names: StepFieldNames): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  // A tooling-only option's ranges where its value is a literal or a plain read, and how many objects' keys name it.
  const options = new Map<string, { ranges: [number, number][]; keys: number }>();
  for (const { props, mayBePattern, pattern } of objects) {
    const drop = pattern ? [] : toolingOnly(props, names);
    const keyed = props.flatMap((p, i) => {
      const name = optionKey(p, names);
      return name ? [{ name, i }] : [];
    });
    if (!drop.length && !keyed.length) continue;
    if (mayBePattern?.()) return undefined;
    const range = (i: number) => propertyRange(js, props[i]!.start, props[i]!.end, i === props.length - 1);
    for (const i of drop) ranges.push(range(i));
    for (const { name, i } of keyed) {
      const option = options.get(name) ?? options.set(name, { ranges: [], keys: 0 }).get(name)!;
      option.keys++;
      const value = pattern ? undefined : plain(props[i]!)?.value;
      if (value !== undefined && value !== 'other') option.ranges.push(range(i));
    }
  }
  // An option goes only where the bundle reads it nowhere: every key of that name is one that goes,
  // and no member or string token names it (the same name in a string's text, as `tt` in a
  // host "firm.tt.omtrdc.example", is not a read).
  for (const [name, option] of options) if (option.ranges.length === option.keys && !reads(name)) ranges.push(...option.ranges);
  return ranges;
}

/** The ranges as swc's AST gives them (what the scanner gives up on). */
export async function parsedToolingFieldRanges(js: string, names: StepFieldNames): Promise<[number, number][]> {
  const { program, index } = await parseWithPositions(js);
  return rangesOf(js, astObjects(program, index), names)!;
}

/** Source ranges (of `js`) of the tooling-only fields of every step literal in a bundle's code. */
export async function toolingFieldRanges(js: string, names: StepFieldNames): Promise<[number, number][]> {
  // Only an object with a kind, code to run (a custom action), environments, a tooling-only option or a spread can lose a property.
  const scanned = scanBundle(js, new Set([names.kind, names.run, 'environments', ...names.options]));
  return (scanned && rangesOf(js, scanned, names)) ?? parsedToolingFieldRanges(js, names);
}

/** A bundle's code (a script) without its steps' tooling-only fields; every other position stays. */
export async function blankToolingFields(js: string, names: StepFieldNames): Promise<string> {
  return blankRanges(js, await toolingFieldRanges(js, names));
}
