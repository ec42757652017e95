import { esbuild } from '../../esbuild-api';
import { dotted, parseCode, walk, type AnyNode } from './parse';

// Custom code carried over from Launch: what it does that a reviewer must know (it reaches the
// network outside tagc's kinds, uses the AppMeasurement tracker `s`, reads data elements by a
// computed name), the data-element names it reads with `_satellite.getVar('…')` (rewritten to the
// tagc names), and a readable body when the library was minified.

export interface CodeAnalysis {
  /** The syntax error, when the code is not valid JavaScript. */
  error?: string;
  /** Ways the code reaches the network by itself (`new Image().src`, `fetch`, `document.write`...). */
  network: string[];
  /** Uses AppMeasurement's `s` object, which tagc does not expose. */
  usesTracker: boolean;
  /** Literal `_satellite.getVar('name')` arguments, with their place in the body. */
  getVars: { name: string; start: number; end: number }[];
  /** A `getVar` call whose name is not a literal. */
  computedGetVar: boolean;
}

/** parseCode() wraps the body in `(function(){`: offsets in the body are 12 less. */
const WRAP = '(function(){'.length;

const NETWORK_CALLS: Record<string, string> = {
  fetch: 'calls fetch()',
  sendBeacon: 'calls navigator.sendBeacon()',
  write: 'writes HTML with document.write()',
  writeln: 'writes HTML with document.writeln()',
  insertAdjacentHTML: 'inserts HTML',
  getScript: 'loads a script',
  ajax: 'sends an XHR',
};
const NETWORK_NEW: Record<string, string> = { Image: 'creates an image request (new Image)', XMLHttpRequest: 'sends an XHR', WebSocket: 'opens a WebSocket', EventSource: 'opens an EventSource' };

const lastPart = (name: string | null) => (name ? name.slice(name.lastIndexOf('.') + 1) : '');

function networkUse(n: AnyNode): string | null {
  if (n.type === 'CallExpression') {
    const callee = dotted(n.callee);
    const last = lastPart(callee);
    const first = (n.arguments as AnyNode[])[0];
    const arg = first?.type === 'Literal' ? String(first.value).toLowerCase() : '';
    if (last === 'createElement' && ['script', 'img', 'iframe'].includes(arg)) return `creates a <${arg}> element`;
    if (last === 'setAttribute' && (arg === 'src' || arg === 'href')) return `sets an element's ${arg}`;
    if ((last === 'write' || last === 'writeln') && !/document$/.test(callee?.slice(0, callee.lastIndexOf('.')) ?? '')) return null;
    if (callee === 's.t' || callee === 's.tl') return `sends an analytics beacon with ${callee}()`;
    if (NETWORK_CALLS[last]) return NETWORK_CALLS[last];
  }
  if (n.type === 'NewExpression') {
    const name = lastPart(dotted(n.callee));
    if (NETWORK_NEW[name]) return NETWORK_NEW[name];
  }
  if (n.type === 'AssignmentExpression') {
    const left = n.left as AnyNode;
    if (left.type === 'MemberExpression' && !left.computed) {
      const prop = (left.property as AnyNode).name;
      if (prop === 'src') return "sets an element's src";
      if (prop === 'href' && !/location$/.test(dotted(left.object) ?? '')) return "sets an element's href";
    }
  }
  return null;
}

export function analyse(body: string): CodeAnalysis {
  const out: CodeAnalysis = { network: [], usesTracker: false, getVars: [], computedGetVar: false };
  const ast = parseCode(body);
  if (!ast) {
    try {
      esbuild.transformSync(`(function(){${body}\n})`, { loader: 'js' });
      out.error = 'not valid JavaScript';
    } catch (error) {
      out.error = ((error as { errors?: { text: string }[] }).errors?.[0]?.text ?? 'not valid JavaScript').replace(/\.$/, '');
    }
    return out;
  }
  walk(ast, (n) => {
    const use = networkUse(n);
    if (use && !out.network.includes(use)) out.network.push(use);
    if (n.type === 'MemberExpression' && (n.object as AnyNode).type === 'Identifier' && (n.object as AnyNode).name === 's') out.usesTracker = true;
    if (n.type === 'CallExpression' && /(^|\.)_satellite\.getVar$/.test(dotted(n.callee) ?? '')) {
      const arg = (n.arguments as AnyNode[])[0];
      if (arg?.type === 'Literal' && typeof arg.value === 'string') out.getVars.push({ name: arg.value, start: arg.start - WRAP, end: arg.end - WRAP });
      else out.computedGetVar = true;
    }
  });
  return out;
}

/** The body with `_satellite.getVar('Launch name')` arguments replaced by the tagc names. */
export function renameGetVars(body: string, analysis: CodeAnalysis, rename: (launchName: string) => string | undefined): string {
  let out = body;
  for (const g of [...analysis.getVars].sort((a, b) => b.start - a.start)) {
    const name = rename(g.name);
    if (name && name !== g.name) out = `${out.slice(0, g.start)}'${name}'${out.slice(g.end)}`;
  }
  return out;
}

/** A body laid out one statement a line (for minified libraries), indented by `indent`. */
export function layout(body: string, minified: boolean, indent: string): string {
  let text = body;
  if (minified) {
    try {
      const printed = esbuild.transformSync(`function __launch() {${body}\n}`, { loader: 'js' }).code.trimEnd();
      text = printed
        .split('\n')
        .slice(1, -1)
        .map((l) => l.replace(/^ {2}/, ''))
        .join('\n');
    } catch {
      // Keep the original text; the analysis reports the syntax error.
    }
  }
  const lines = text.replace(/^\s*\n/, '').trimEnd().split('\n');
  const common = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => (l.trim() ? indent + l.slice(Number.isFinite(common) ? common : 0) : '')).join('\n');
}
