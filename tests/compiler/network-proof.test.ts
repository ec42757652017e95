import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { CompileError, type Diagnostic } from '../../compiler/diagnostics';
import { container, DECLARE, removeContainer } from '../helpers/container';

// Security review, issue 12, row "the consent proof trusts labels: a custom-code action labelled
// sends: 'necessary' that fires an advertising pixel builds with exit 0". The network proof
// (compiler/phases/2-validate/network-proof.ts) rejects custom code that reaches the network
// around the egress point, in the rule module or a helper it imports, and a runtime.send whose
// category or host the action does not declare; each diagnostic is located (line, column).

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

async function build(files: Record<string, string>): Promise<{ ok: boolean; diagnostics: Diagnostic[] }> {
  const root = container('network-proof', files);
  roots.push(root);
  try {
    return { ok: true, diagnostics: (await compile({ root, emit: false })).diagnostics };
  } catch (error) {
    if (error instanceof CompileError) return { ok: false, diagnostics: error.diagnostics };
    throw error;
  }
}

const CODES = ['custom_network_use', 'send_category_unknown', 'send_category_mismatch', 'send_host_undeclared'];
const proof = (d: Diagnostic[]) => d.filter((x) => CODES.includes(x.code));

/** A rule whose one custom action runs `body`; `extra` goes into the action object. */
const rule = (body: string, extra = "sends: 'necessary'", imports = '') =>
  `import { rule } from ${JSON.stringify(DECLARE)};\n${imports}export default rule({ id: 'r', description: 'x', events: ['Page Load Completed'], consent: 'advertising',\n  actions: [{ label: 'custom', ${extra}, run: (ctx) => {\n    ${body}\n  } }],\n});\n`;

/** 1-based line and column of the first occurrence of `needle`. */
function where(source: string, needle: string): { line: number; column: number } {
  const at = source.indexOf(needle);
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

describe('the network proof', () => {
  it.each([
    ['fetch', "void fetch('https://x.example/a');", "fetch('", 'calls fetch()'],
    ['fetch on the window', "void ctx.runtime.win.fetch('/a');", 'ctx.runtime.win.fetch', 'calls fetch()'],
    ['XMLHttpRequest', 'const x = new XMLHttpRequest(); void x;', 'XMLHttpRequest', 'uses XMLHttpRequest'],
    ['navigator.sendBeacon', "navigator.sendBeacon('https://x.example/b');", 'navigator.sendBeacon', 'calls navigator.sendBeacon()'],
    ['new Image', 'const i = new Image(); void i;', 'Image', 'creates an image request (new Image)'],
    ['a script element', "const s = document.createElement('script'); void s;", "document.createElement('script')", 'creates a <script> element'],
    ['an img element', "const s = document.createElement('IMG'); void s;", "document.createElement('IMG')", 'creates a <img> element'],
    ['an iframe element', "const s = document.createElement('iframe'); void s;", "document.createElement('iframe')", 'creates a <iframe> element'],
    ['a link element', "const s = document.createElement('link'); void s;", "document.createElement('link')", 'creates a <link> element'],
    ['a src assignment', "const el = document.querySelector('img')!; el.src = 'https://x.example/p.gif';", 'el.src =', "assigns an element's src"],
    ['an href assignment', "const a = document.querySelector('a')!; a.href = 'https://x.example/';", 'a.href =', 'assigns an href'],
    ['a src attribute', "document.body.setAttribute('src', 'x');", "document.body.setAttribute('src'", "sets an element's src attribute"],
    ['fetch by an alias', 'const f = window.fetch; void f;', 'window.fetch', 'calls fetch()'],
  ])('rejects %s in a rule module, located, with the fix', async (_, body, needle, what) => {
    const source = rule(body);
    const { ok, diagnostics } = await build({ 'rules/r.ts': source });
    const d = proof(diagnostics);
    expect(ok).toBe(false);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'custom_network_use', severity: 'error', file: 'rules/r.ts', ...where(source, needle) });
    expect(d[0].message).toContain(`custom code ${what}`);
    expect(d[0].fix).toContain('ctx.runtime.send(category');
  });

  it('rejects a helper the rule imports, located in the helper', async () => {
    const helper = "export function ping(): void {\n  const img = new window.Image(1, 1);\n  img.src = 'https://x.example/p.gif';\n}\n";
    const { ok, diagnostics } = await build({ 'rules/lib/ping.ts': helper, 'rules/r.ts': rule('ping();', "sends: 'necessary'", "import { ping } from './lib/ping';\n") });
    expect(ok).toBe(false);
    expect(proof(diagnostics).map((d) => [d.file, d.line, d.column, d.message.split(':')[0]])).toEqual([
      ['rules/lib/ping.ts', 2, 19, 'custom code creates an image request (new Image)'],
      ['rules/lib/ping.ts', 3, 3, "custom code assigns an element's src"],
    ]);
  });

  it('fails the build of the mislabelled pixel in each of its forms', async () => {
    const pixel = 'https://ad.doubleclick.net/ddm/activity/src=1;type=a;cat=b;ord=1?';
    const byImage = await build({ 'rules/r.ts': rule(`new Image(1, 1).src = '${pixel}';`) });
    expect(byImage.ok).toBe(false);
    expect(proof(byImage.diagnostics).map((d) => d.code)).toEqual(['custom_network_use', 'custom_network_use']);

    const wrongCategory = rule(`void ctx.runtime.send('advertising', '${pixel}', { via: 'image' });`, "sends: 'necessary', hosts: ['ad.doubleclick.net']");
    const mislabelled = await build({ 'rules/r.ts': wrongCategory });
    expect(mislabelled.ok).toBe(false);
    expect(proof(mislabelled.diagnostics)).toEqual([expect.objectContaining({ code: 'send_category_mismatch', file: 'rules/r.ts', ...where(wrongCategory, 'ctx.runtime.send') })]);
    expect(proof(mislabelled.diagnostics)[0].message).toContain("sends advertising data, but the action declares sends: necessary");

    const undeclaredHost = await build({ 'rules/r.ts': rule(`void ctx.runtime.send('necessary', '${pixel}', { via: 'image' });`) });
    expect(undeclaredHost.ok).toBe(false);
    expect(proof(undeclaredHost.diagnostics).map((d) => d.code)).toEqual(['send_host_undeclared']);
  });

  it('rejects a send whose category is not a literal', async () => {
    const { diagnostics } = await build({ 'rules/r.ts': rule("const c = 'advertising' as const; void ctx.runtime.send(c, '/x');", "sends: 'advertising'") });
    expect(proof(diagnostics).map((d) => d.code)).toEqual(['send_category_unknown']);
  });

  it('accepts a correctly labelled pixel sent through ctx.runtime.send, and code that only looks similar', async () => {
    const body = [
      "void ctx.runtime.send('advertising', 'https://ad.doubleclick.net/ddm/activity/src=1?', { via: 'image' });",
      "const vars: Record<string, string> = {}; for (const k of ['a', 'b']) vars[k] = k;",
      "const div = document.createElement('div'); div.textContent = 'src';",
      "const o = { src: 'x', href: 'y', fetch: 1 }; void o;",
    ].join('\n    ');
    const { ok, diagnostics } = await build({ 'rules/r.ts': rule(body, "sends: 'advertising', hosts: ['ad.doubleclick.net']") });
    expect(proof(diagnostics)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('rejects a computed assignment on an element, which could be its src', async () => {
    const { diagnostics } = await build({ 'rules/r.ts': rule("const el = document.querySelector('img')!; const k = 'src' as string; (el as unknown as Record<string, string>)[k] = 'x'; const e2: HTMLImageElement = el; e2[k as 'src'] = 'y';") });
    expect(proof(diagnostics).map((d) => d.message.split(':')[0])).toEqual(['custom code assigns a computed property of an object that has a src, href or innerHTML']);
  });

  it('finds uses whose names the text spells only through escapes, comments or a computed member', async () => {
    // The walk is skipped for a file whose text holds none of the names it looks for
    // (network-uses.ts, MAY_REACH): each of these files holds none but still reaches the network.
    const escaped = "export function go(): void {\n  void \\u0066etch('/a');\n  const w = 'f\\etch';\n  void w;\n}\n";
    const assigned = "export function put(el: HTMLImageElement, k: 'alt' | 'title', v: string): void {\n  el[k] /* a member */ = v;\n}\n";
    const imported = "export async function load(url: string): Promise<unknown> {\n  return import /* late */ (url);\n}\n";
    const imports = "import { go } from './lib/escaped';\nimport { put } from './lib/assigned';\nimport { load } from './lib/imported';\n";
    const source = rule("go(); put(document.createElement('p') as unknown as HTMLImageElement, 'alt', 'x'); void load('/m.js');", "sends: 'necessary'", imports);
    const { ok, diagnostics } = await build({ 'rules/lib/escaped.ts': escaped, 'rules/lib/assigned.ts': assigned, 'rules/lib/imported.ts': imported, 'rules/r.ts': source });
    expect(ok).toBe(false);
    expect(proof(diagnostics).map((d) => [d.file, d.line, d.column, d.message.split(':')[0]])).toEqual([
      ['rules/lib/assigned.ts', 2, 3, 'custom code assigns a computed property of an object that has a src, href or innerHTML'],
      ['rules/lib/escaped.ts', 2, 8, 'custom code calls fetch()'],
      ['rules/lib/imported.ts', 2, 10, 'custom code imports a module by a computed URL'],
    ]);
  });

  it('finds an src set through parentheses, a type assertion, destructuring, Object.assign, defineProperty and Reflect.set', async () => {
    const lines = [
      'export function sneak(img: HTMLImageElement, k: "src" | "alt", u: string, props: Partial<HTMLImageElement>): void {',
      '  (img.src) = u;',
      '  (img[k] as string) = u;',
      '  [img.src] = [u];',
      '  ({ a: img.src } = { a: u });',
      '  Object.assign(img, { src: u });',
      '  Object.assign(img, props);',
      '  Reflect.set(img, "src", u);',
      '  Object.defineProperty(img, k, { value: u });',
      '  Object.defineProperties(img, { ["s" + "rc"]: { value: u } });',
      // Not ways around the egress point: other properties, a new object, a Map, a declaration.
      '  Object.assign(img, { alt: u });',
      '  Object.assign({}, props);',
      '  new Map<string, string>().set("src", u);',
      '  Reflect.set(img, "alt", u);',
      '  const { src } = img;',
      '  void src;',
      '}',
    ];
    const imports = "import { sneak } from './lib/sneak';\n";
    const source = rule("sneak(document.createElement('p') as unknown as HTMLImageElement, 'alt', 'x', {});", "sends: 'necessary'", imports);
    const { ok, diagnostics } = await build({ 'rules/lib/sneak.ts': `${lines.join('\n')}\n`, 'rules/r.ts': source });
    expect(ok).toBe(false);
    expect(proof(diagnostics).map((d) => [d.file, d.line, d.message.split(':')[0]])).toEqual([
      ['rules/lib/sneak.ts', 2, "custom code assigns an element's src"],
      ['rules/lib/sneak.ts', 3, 'custom code assigns a computed property of an object that has a src, href or innerHTML'],
      ['rules/lib/sneak.ts', 4, "custom code assigns an element's src"],
      ['rules/lib/sneak.ts', 5, "custom code assigns an element's src"],
      ['rules/lib/sneak.ts', 6, 'custom code sets properties with Object.assign() on an object that has a src, href or innerHTML'],
      ['rules/lib/sneak.ts', 7, 'custom code sets properties with Object.assign() on an object that has a src, href or innerHTML'],
      ['rules/lib/sneak.ts', 8, 'custom code sets a property with Reflect.set() on an object that has a src, href or innerHTML'],
      ['rules/lib/sneak.ts', 9, 'custom code defines a property of an object that has a src, href or innerHTML'],
      ['rules/lib/sneak.ts', 10, 'custom code defines properties of an object that has a src, href or innerHTML'],
    ]);
  });

  it('fails a full build before anything is written, though bundling starts while TypeScript is still proving', async () => {
    const root = container('network-proof', { 'rules/r.ts': rule("void fetch('https://x.example/a');"), 'rules/ok.ts': rule("void ctx.runtime.send('necessary', '/ok');") });
    roots.push(root);
    const outDir = join(root, 'out');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'kept.txt'), 'from the last build');
    const failure = await compile({ root, outDir, typecheck: false }).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(CompileError);
    expect(proof((failure as CompileError).diagnostics).map((d) => [d.code, d.file])).toEqual([['custom_network_use', 'rules/r.ts']]);
    expect(readdirSync(outDir)).toEqual(['kept.txt']);
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(false);
  });
});

