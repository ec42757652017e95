import { join } from 'node:path';
import { analyse, layout, renameGetVars } from './custom-code';
import { identifier, NamePool } from './names';
import type { CodeRef, ParsedContainer } from './parse';
import type { ImportReport } from './report';
import { commentText, expr, lit, quote, TsModule, type Expr } from './source';

// The state one import shares between its parts: where files go, the data-element names, the
// values generated for conditions and tokens, the custom-code modules, and the report.

export interface Paths {
  out: string;
  /** The authoring API (runtime/declare/index.ts) of this tagc. */
  declare: string;
}

/** Where a finding is: `rule "Checkout" (RL1)` and `condition 2 (core/…/hash.js)`. */
export interface Where {
  subject: string;
  component: string;
}

/** Functions of custom code collected into one `lib` module (type-checking off, marked REVIEW). */
export class CodeModule {
  readonly module: TsModule;
  private readonly functions: string[] = [];
  private readonly names = new NamePool('');

  constructor(
    readonly file: string,
    paths: Paths,
    private readonly ctx: ImportContext,
  ) {
    this.module = new TsModule(file, paths.declare);
  }

  get empty(): boolean {
    return this.functions.length === 0;
  }

  /**
   * Adds a function with Launch's parameters and the custom code as its body, and returns its
   * name, or null (reported) when the code is not valid JavaScript.
   */
  add(wanted: string, params: string[], body: string, doc: string, where: Where): string | null {
    const analysis = analyse(body);
    if (analysis.error) {
      this.ctx.report.add('not mapped', where.subject, where.component, `custom code is not valid JavaScript (${analysis.error})`);
      return null;
    }
    for (const use of analysis.network) this.ctx.report.add('review', where.subject, where.component, `custom code reaches the network by itself (${use}); tagc's consent proof cannot see it`);
    if (analysis.usesTracker) this.ctx.report.add('review', where.subject, where.component, "custom code uses AppMeasurement's `s` object, which tagc does not provide: use the analytics kinds");
    if (analysis.computedGetVar) this.ctx.report.add('review', where.subject, where.component, 'custom code reads data elements by a computed name: check they exist under their tagc names');
    for (const g of analysis.getVars) {
      if (!this.ctx.deNames.has(g.name)) this.ctx.report.add('review', where.subject, where.component, `custom code reads "${g.name}", which is no data element of the library (a setVar value, or missing)`);
    }
    const text = renameGetVars(body, analysis, (n) => this.ctx.deNames.get(n));
    const name = this.names.claim(identifier(wanted));
    const event = this.module.apiType('LaunchEvent');
    const typed = params.map((p, i) => (i === 0 ? `${p}: ${event}` : `${p}?: unknown`));
    this.functions.push(
      `/** REVIEW ${commentText(doc)} */\nexport function ${name}(this: unknown${typed.length ? `, ${typed.join(', ')}` : ''}): unknown {\n${layout(text, this.ctx.minified, '  ')}\n}\n`,
    );
    return name;
  }

  render(): string {
    return this.module.render(
      [
        '// @ts-nocheck -- custom code imported from Adobe Launch, typed loosely: review each function, type it, then remove this line.',
        'Each function keeps Launch\'s parameters; `this` is the event\'s element, as in Launch.',
      ],
      this.functions.join('\n'),
    );
  }
}

export class ImportContext {
  /** Launch data-element name → tagc name. */
  readonly deNames = new Map<string, string>();
  readonly dePool = new NamePool('');
  /** Values generated for conditions and tokens (data-elements/launch/values.ts). */
  readonly values: TsModule;
  private readonly valueCode = new Map<string, { name: string; code: string }>();
  readonly codeModules = new Map<string, CodeModule>();
  readonly minified: boolean;

  constructor(
    readonly container: ParsedContainer,
    readonly paths: Paths,
    readonly report: ImportReport,
    /** Custom code of self-hosted libraries, by file name. */
    readonly externals: Record<string, string>,
  ) {
    this.minified = container.buildInfo.minified !== false;
    this.values = new TsModule(join(paths.out, 'data-elements', 'launch', 'values.ts'), paths.declare);
  }

  /** The module the custom code of `key` (a rule id, or `data-elements`) goes to. */
  code(key: string, file: string): CodeModule {
    let m = this.codeModules.get(key);
    if (!m) {
      m = new CodeModule(file, this.paths, this);
      this.codeModules.set(key, m);
    }
    return m;
  }

  /**
   * A generated data element (a condition's cookie, a token template...), shared by every rule
   * that needs the same one. `make` returns its declaration, using `this.values` for imports.
   */
  value(key: string, wanted: string, make: (m: TsModule) => string): string {
    const known = this.valueCode.get(key);
    if (known) return known.name;
    const name = this.dePool.claim(identifier(wanted));
    this.valueCode.set(key, { name, code: make(this.values) });
    return name;
  }

  renderValues(): string | null {
    if (!this.valueCode.size) return null;
    const body = [...this.valueCode.values()].map((v) => `export const ${v.name} = ${v.code};`).join('\n');
    return this.values.render(['Values the rules imported from Launch compare or send: the page facts of Core conditions, and settings that mix text with data elements.'], body);
  }

  /**
   * A Launch setting as a tagc value: `%name%` alone is a data-element reference (Launch passes
   * the raw value); text around tokens becomes a generated data element (`%a% - %b%`); other
   * values are kept. `%this.…%`, `%event.…%` and `%target.…%` read the rule's event.
   */
  setting(m: TsModule, value: unknown, where: Where): unknown {
    if (Array.isArray(value)) return value.map((v) => this.setting(m, v, where));
    if (value && typeof value === 'object' && !(value instanceof RegExp)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.setting(m, v, where)]));
    }
    if (typeof value !== 'string' || !value.includes('%')) return value;
    const whole = /^%([^%]+)%$/.exec(value);
    if (whole) {
      const name = this.tokenName(whole[1], where);
      return name ? expr(`${m.api('de')}(${quote(name)})`) : value;
    }
    const names: string[] = [];
    const empty = this.container.property.settings.undefinedVarsReturnEmpty === true ? " ?? ''" : '';
    const escape = (t: string) => t.replace(/[`\\]|\$\{/g, (c) => `\\${c}`);
    let template = '';
    let last = 0;
    for (const token of value.matchAll(/%(.+?)%/g)) {
      const name = this.tokenName(token[1], where);
      template += escape(value.slice(last, token.index)) + (name ? `\${ctx.get(${quote(name)})${empty}}` : escape(token[0]));
      if (name) names.push(name);
      last = token.index + token[0].length;
    }
    template += escape(value.slice(last));
    if (!names.length) return value;
    const name = this.value(`template:${value}`, `text ${value.replace(/%/g, ' ')}`, (v) =>
      `${v.api('computed')}((ctx) => \`${template}\`, { reads: ${lit([...new Set(names)])}, description: ${quote(`Launch text ${value}`)} })`,
    );
    return expr(`${m.api('de')}(${quote(name)})`);
  }

  /** The tagc data element a Launch token names, generated for event tokens; null (reported) when none. */
  private tokenName(token: string, where: Where): string | null {
    const known = this.deNames.get(token);
    if (known) return known;
    if (/^(this|event|target)\./.test(token)) {
      return this.value(`token:${token}`, `event ${token}`, (v) => `${v.api('computed')}((ctx) => ${v.api('launchToken')}(ctx, ${quote(token)}), { description: ${quote(`Launch token %${token}%`)} })`);
    }
    this.report.add('review', where.subject, where.component, `%${token}% names no data element of the library: kept as text (in Launch a setVar value of that name would replace it)`);
    return null;
  }
}

/** `Expr` is re-exported for the mapping modules. */
export type { Expr };
export type { CodeRef };
