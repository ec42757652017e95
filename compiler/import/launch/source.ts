import { dirname, relative, sep } from 'node:path';

// Writing TypeScript source: literal values with embedded expressions, and modules that collect
// their imports as steps are added.

/** Source code to embed as is inside a literal. */
export class Expr {
  constructor(readonly code: string) {}
}

export const expr = (code: string) => new Expr(code);

const KEY = /^[A-Za-z_$][\w$]*$/;

/** A value as TypeScript source (`{ eVar1: de('pageName'), events: ['event1'] }`). */
export function lit(value: unknown, indent = ''): string {
  if (value instanceof Expr) return value.code;
  if (value instanceof RegExp) return String(value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map((v) => lit(v, indent)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return '{}';
    return `{ ${entries.map(([k, v]) => `${KEY.test(k) ? k : quote(k)}: ${lit(v, indent)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

export function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

/** A single-line comment's text (no line breaks, no comment terminators). */
export function commentText(s: string): string {
  return s.replace(/[\r\n]+/g, ' ').replace(/\*\//g, '* /');
}

/** `import … from` specifier of `target` (a .ts file) as seen from `file`, without the extension. */
export function specifier(file: string, target: string): string {
  const rel = relative(dirname(file), target).split(sep).join('/').replace(/\.ts$/, '').replace(/\/index$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** One generated module: its imports are collected as code that needs them is added. */
export class TsModule {
  private readonly imports = new Map<string, Set<string>>();
  private readonly typeImports = new Map<string, Set<string>>();

  /** `file`: absolute path it will be written to; `declare`: the authoring API's index.ts. */
  constructor(
    readonly file: string,
    private readonly declare: string,
  ) {}

  /** Names from the authoring API; returns the first, for inline use. */
  api(...names: string[]): string {
    return this.from(this.declare, ...names);
  }

  /** Names from another module (absolute path of a .ts file). */
  from(target: string, ...names: string[]): string {
    const key = specifier(this.file, target);
    const set = this.imports.get(key) ?? new Set<string>();
    names.forEach((n) => set.add(n));
    this.imports.set(key, set);
    return names[0];
  }

  /** Type-only names from the authoring API. */
  apiType(...names: string[]): string {
    const key = specifier(this.file, this.declare);
    const set = this.typeImports.get(key) ?? new Set<string>();
    names.forEach((n) => set.add(n));
    this.typeImports.set(key, set);
    return names[0];
  }

  render(header: string[], body: string): string {
    const lines = header.map((h) => (h.startsWith('//') ? h : `// ${h}`));
    for (const [from, names] of [...this.typeImports].sort()) lines.push(`import type { ${[...names].sort().join(', ')} } from ${quote(from)};`);
    for (const [from, names] of [...this.imports].sort()) lines.push(`import { ${[...names].sort().join(', ')} } from ${quote(from)};`);
    return `${lines.join('\n')}\n\n${body.trimEnd()}\n`;
  }
}
