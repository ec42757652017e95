import { describe, expect, it, vi } from 'vitest';
import { stepFieldNames } from '../../compiler/phases/5-emit/mangled-props';
import * as positions from '../../compiler/phases/5-emit/swc-positions';
import { byteToIndex } from '../../compiler/phases/5-emit/swc-positions';
import { blankToolingFields, parsedToolingFieldRanges, toolingFieldRanges } from '../../compiler/phases/5-emit/tooling-fields';
import { scanObjectLiterals } from '../../compiler/phases/5-emit/tooling-scan';
import { realBundle } from '../helpers/real-build';

// A step's `params` (when empty), an action's `sends` and a rule's literal `environments` are
// read only by tooling; bundles without debugging lose them after esbuild
// (compiler/phases/5-emit/tooling-fields.ts). Anything else, and any object that is not a step,
// keeps its fields; positions never move.

const NAMES = { kind: 'k', sends: 's', run: 'r', hosts: 'h', options: ['nw'] };
const sorted = (ranges: [number, number][]) => [...ranges].sort((a, b) => a[0] - b[0]);

function run(code: string): unknown {
  // The blanked code must still be valid JavaScript that builds the same values otherwise.
  return new Function(`return ${code}`)() as unknown;
}

describe('blankToolingFields', () => {
  it("drops a step's empty params and its sends, wherever they stand, and keeps its other fields", async () => {
    const code = '[{k:"analyticsEvent",params:{},s:"analytics",timeout:5},{s:"necessary",k:"custom",params:{}},{params:{},k:"x"}]';
    const out = await blankToolingFields(code, NAMES);
    expect(out).toHaveLength(code.length);
    expect(run(out)).toEqual([{ k: 'analyticsEvent', timeout: 5 }, { k: 'custom' }, { k: 'x' }]);
  });

  it("drops an event's empty kind (what TOOLING ? kind : '' leaves), and keeps every other kind", async () => {
    const code = `[{k:"",key:"@a",params:{}},{key:"@b",k:''},{k:"custom",params:{}},{k:\`\`,key:"@c"}]`;
    const out = await blankToolingFields(code, NAMES);
    expect(out).toHaveLength(code.length);
    expect(run(out)).toEqual([{ key: '@a' }, { key: '@b' }, { k: 'custom' }, { k: '', key: '@c' }]);
    expect(sorted(await toolingFieldRanges(code, NAMES))).toEqual(sorted(await parsedToolingFieldRanges(code, NAMES)));
  });

  it('keeps params that are not empty, sends whose value does work, and objects without a kind', async () => {
    const code = '[{k:"socialPixel",params:{a:1},s:f()},{params:{},s:"advertising",url:"u"},{k:"script",s:o.s??"necessary"}]';
    const out = await blankToolingFields(`(()=>{const f=()=>"performance",o={};return ${code}})()`, NAMES);
    expect(run(out)).toEqual([{ k: 'socialPixel', params: { a: 1 }, s: 'performance' }, { params: {}, s: 'advertising', url: 'u' }, { k: 'script' }]);
  });

  it('blanks exactly the fields after non-ASCII text, comments, parentheses and shorthand, parse after parse', async () => {
    // swc counts UTF-8 bytes from a base each parse moves on; the ranges are the text's own.
    const code = '["§·😀\\ud800",{k:"a", /*,*/ params : {} /*c*/ , s:"x",t:1},{k:"b",s:(o.s??"y"),params:({})},{s,k:"c",params:{} ,},`é${{k:1,s:"z"}}`]';
    const expected = '["§·😀\\ud800",{k:"a", /*,*/                           t:1},{k:"b",                        },{  k:"c",           },`é${{k:1,     }}`]';
    for (let parse = 0; parse < 2; parse++) expect(await blankToolingFields(`(()=>{const s="q",o={};return ${code}})()`, NAMES)).toBe(`(()=>{const s="q",o={};return ${expected}})()`);
  });

  it("drops a literal list of environments from any object, and keeps one that does work or is not a list of strings", async () => {
    const code = '[{id:"a",environments:["dev","prod"],events:[]},{environments:envs()},{environments:["x",...more]},{environments:"prod"}]';
    const wrapped = `(()=>{const envs=()=>["stg"],more=["y"];return ${code}})()`;
    const out = await blankToolingFields(wrapped, NAMES);
    expect(out).toHaveLength(wrapped.length);
    expect(run(out)).toEqual([{ id: 'a', events: [] }, { environments: ['stg'] }, { environments: ['x', 'y'] }, { environments: 'prod' }]);
  });

  it("drops a custom action's sends and hosts, a literal list or a plain read (code to run and sends, no kind yet), and nothing of an object without both", async () => {
    const code = '[{s:"necessary",h:["\'self\'"],r(){return 1}},{s:"necessary",h:hs,r:f},{s:"necessary",h:g(),r:f},{s:"necessary",h:["x"],url:"u"},{h:["y"],r(){}}]';
    const wrapped = `(()=>{const f=()=>2,hs=["z"],g=()=>["w"];return ${code}})()`;
    const out = await blankToolingFields(wrapped, NAMES);
    expect(out).toHaveLength(wrapped.length);
    const [custom, read, computed, options, noSends] = run(out) as Record<string, unknown>[];
    expect(Object.keys(custom!)).toEqual(['r']);
    expect(Object.keys(read!)).toEqual(['r']);
    expect(computed).toEqual({ h: ['w'], r: expect.any(Function) });
    expect(options).toEqual({ s: 'necessary', h: ['x'], url: 'u' });
    expect(Object.keys(noSends!)).toEqual(['h', 'r']);
  });

  it('drops an empty spread from any object, and keeps a spread that adds something or does work', async () => {
    const code = '[{...{},a:1,...({})},{...{b:2}},{...o},{...f()}]';
    const wrapped = `(()=>{const o={c:3},f=()=>({d:4});return ${code}})()`;
    const out = await blankToolingFields(wrapped, NAMES);
    expect(out).toHaveLength(wrapped.length);
    expect(out).not.toContain('...{}');
    expect(run(out)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }, { d: 4 }]);
  });

  it("drops a tooling-only option (a social pixel's network) from any object, where nothing else names it", async () => {
    const code = '[{nw:"Meta",url:"u",params:{id:1}},{url:"v",nw:"LinkedIn"},{nw:f(),url:"w"}]';
    const wrapped = `(()=>{const f=()=>"X";return ${code}})()`;
    // The third one does work, and so the name is named elsewhere: no option goes.
    expect(await blankToolingFields(wrapped, NAMES)).toBe(wrapped);
    const plain = '[{nw:"Meta",url:"u",params:{id:1}},{url:"v",nw:"LinkedIn"}]';
    const out = await blankToolingFields(plain, NAMES);
    expect(out).toHaveLength(plain.length);
    expect(run(out)).toEqual([{ url: 'u', params: { id: 1 } }, { url: 'v' }]);
    // Read (a member, a pattern, a string) anywhere in the bundle, the option stays wherever it is.
    for (const reader of ['o.nw', 'o?.nw', 'function g({nw:a}){return a}', 'var {nw}=o', 'o["nw"]', '"nw"in o']) {
      const read = `var o={};${reader};var p={nw:"Meta",url:"u"};`;
      expect(await blankToolingFields(read, NAMES), reader).toBe(read);
      expect(sorted(await toolingFieldRanges(read, NAMES)), reader).toEqual(sorted(await parsedToolingFieldRanges(read, NAMES)));
    }
    // A local of that name (the bundle's own short names) or a spread of it reads no property.
    const local = 'var nw={a:1},p={...nw,nw:"Meta",url:"u"};';
    expect(await blankToolingFields(local, NAMES)).toBe(local.replace('nw:"Meta",', ' '.repeat(10)));
  });

  it("drops the option where its short name stands only inside other text (a host's \"x.nw.example\", a regular expression, a comment), by the scan and by the parse alike", async () => {
    // esbuild gave the prod bundle's `network` the name `tt`, which its hosts "firm.tt.omtrdc.example" spell.
    for (const text of ['var h="firm.nw.example";', "var h=['*.nw.omtrdc.example'];", 'var r=/a.nw/;', '/* o.nw */', 'var t=`${h}.nw`;', 'var s="nw ";']) {
      const code = `${text}var p={nw:"Meta",url:"u"};`;
      const out = await blankToolingFields(code, NAMES);
      expect(out, text).toBe(code.replace('nw:"Meta",', ' '.repeat(10)));
      expect(sorted(await parsedToolingFieldRanges(code, NAMES)), text).toEqual(sorted(await toolingFieldRanges(code, NAMES)));
    }
    // A string that spells the name with escapes is a read: the option stays.
    for (const text of ['o["n\\x77"]', "o['\\u006ew']", 'o[`nw`]', 'o["\\u{6e}w"]']) {
      const code = `var o={};${text};var p={nw:"Meta",url:"u"};`;
      expect(await blankToolingFields(code, NAMES), text).toBe(code);
      expect(sorted(await parsedToolingFieldRanges(code, NAMES)), text).toEqual([]);
    }
  });

  it('takes a method named kind for a kind, as a property (not a getter) of that name', async () => {
    const code = '[{k(){},params:{}},{get k(){return 1},params:{}}]';
    expect(await blankToolingFields(code, NAMES)).toBe('[{k(){},         },{get k(){return 1},params:{}}]');
  });

  it('reads a bundle that opens with a hashbang', async () => {
    expect(await blankToolingFields('#!/usr/bin/env node §\n[{k:"a",s:"x"}]', NAMES)).toBe('#!/usr/bin/env node §\n[{k:"a",     }]');
  });

  it("maps swc's UTF-8 offsets to the text's UTF-16 indexes", () => {
    const index = byteToIndex('a§😀\ud800b');
    // a: byte 0; §: 2 bytes; 😀: 4 bytes, 2 units; a lone surrogate: 3 bytes (U+FFFD), 1 unit.
    expect([0, 1, 3, 7, 10, 11].map(index)).toEqual([0, 1, 2, 4, 5, 6]);
    expect(byteToIndex('plain ascii')(5)).toBe(5);
  });

  it("reads the bundle's names of kind and sends from esbuild's mangle cache", () => {
    expect(stepFieldNames({ kind: 't', sends: 'r', other: false })).toMatchObject({ kind: 't', sends: 'r' });
    expect(stepFieldNames({ kind: false })).toMatchObject({ kind: 'kind', sends: 'sends' });
    expect(stepFieldNames({ kind: 't', sends: 'r', run: 'a', hosts: 'o', network: 'st' })).toEqual({ kind: 't', sends: 'r', run: 'a', hosts: 'o', options: ['st'] });
    // A tooling-only option esbuild kept (a payload field of that name) is not the runtime's alone.
    expect(stepFieldNames({ run: false, network: false })).toEqual({ kind: 'kind', sends: 'sends', run: 'run', hosts: 'hosts', options: [] });
  });
});

describe('the scan of a bundle (tooling-scan.ts)', () => {
  const KEYS = new Set(['k', 'r', 'environments']);

  it('finds the fields without parsing the bundle with swc', async () => {
    const parse = vi.spyOn(positions, 'parseWithPositions');
    try {
      const code = '[{k:"a",params:{},s:"x",t:1}]';
      expect(await blankToolingFields(code, NAMES)).toBe('[{k:"a",                t:1}]');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('tells object literals from blocks, labels and class bodies, and regular expressions from divisions', async () => {
    const code = [
      'var o={k:"a",params:{}},n=4/2/1,re=/{k:"b",params:{}}[/]/g,t=`${n}{k:"c",params:{}}`,u=`${{k:"d",params:{}}.k}`;',
      'l:{k:1}', // a label and a block: no object
      'switch(n){case 2:{k:2;break}default:{}}',
      'if(n)/x/.test("x");else{}',
      'class C{k=1;params={};m(){return{k:"e",params:{}}}}',
      'var p=n?{k:"f",params:{}}:{params:{},k:"g"},q=(()=>{})/1,w={get k(){return 1},params:{}};',
    ].join('\n');
    expect(scanObjectLiterals(code, KEYS)).toBeDefined();
    const out = await blankToolingFields(code, NAMES);
    expect(out.match(/[a-z]:"[a-g]",?/g)).toEqual(['k:"a",', 'k:"b",', 'k:"c",', 'k:"d",', 'k:"e",', 'k:"f",', 'k:"g"']);
    // Blanked: the literals of a, d, e, f, g; kept: the regular expression's and the template's text and the getter's object (a class field is no property).
    expect(out.split('params:{}').length - 1).toBe(3);
    expect(out).toContain('params={}');
    expect(sorted(await toolingFieldRanges(code, NAMES))).toEqual(sorted(await parsedToolingFieldRanges(code, NAMES)));
  });

  it('leaves a possible destructuring pattern to the parse, which keeps its fields', async () => {
    for (const code of ['function f({k,params:{}}){return k}', 'var f=({k,params:{}})=>k;', 'var {k,params:{}}={k:1,params:{}};', 'var k;[{k,params:{}}]=[{}];']) {
      const scanned = scanObjectLiterals(code, KEYS);
      const suspect = scanned?.some((o) => o.mayBePattern());
      expect(suspect, code).toBe(true);
      expect(sorted(await toolingFieldRanges(code, NAMES)), code).toEqual(sorted(await parsedToolingFieldRanges(code, NAMES)));
    }
    expect(await blankToolingFields('function f({k,params:{}}){return k}', NAMES)).toBe('function f({k,params:{}}){return k}');
  });

  it('gives up on a regular expression after a block, and the parse blanks the fields', async () => {
    const code = 'function f(){}/x/.test("x");var o={k:"a",params:{}};';
    expect(scanObjectLiterals(code, KEYS)).toBeUndefined();
    expect(await blankToolingFields(code, NAMES)).toBe('function f(){}/x/.test("x");var o={k:"a",         };');
  });

  it('gives up on a brace after `return` and a line break (a block), which the parse leaves as it is', async () => {
    const code = 'function f(){return\n{k:"a"}}var o={k:"b",params:{}};';
    expect(scanObjectLiterals(code, KEYS)).toBeUndefined();
    expect(await blankToolingFields(code, NAMES)).toBe('function f(){return\n{k:"a"}}var o={k:"b",         };');
  });

  it("finds in the real test bundle (esbuild's, with its fields) what swc's AST finds", async () => {
    const code = realBundle('test');
    const names = stepFieldNames(undefined);
    expect(scanObjectLiterals(code, new Set([names.kind, names.run, 'environments']))).toBeDefined();
    const ranges = sorted(await toolingFieldRanges(code, names));
    expect(ranges.length).toBeGreaterThan(10);
    expect(ranges).toEqual(sorted(await parsedToolingFieldRanges(code, names)));
  });
});

describe('the prod bundle', () => {
  it("carries no step's empty params, which the test bundle (built with tooling) keeps", () => {
    expect(realBundle('prod')).not.toMatch(/params:\{\}/);
    expect(realBundle('test')).toMatch(/params:\{\}/);
  });

  it("carries no custom action's hosts, which the party-id rule reads from a constant", () => {
    expect(realBundle('prod')).not.toContain(`["'self'"]`);
  });

  it("carries no event's empty kind (its key follows it in the events' literals)", () => {
    expect(realBundle('prod')).not.toMatch(/[{,][\w$]{1,2}:"",key:/);
    expect(realBundle('test')).toMatch(/kind:"[a-zA-Z]+",key:/);
  });

  it("carries no social pixel's network, which the test bundle (built with tooling) keeps", () => {
    for (const network of ['"LinkedIn"', '"Meta"']) {
      expect(realBundle('prod').includes(network), network).toBe(false);
      expect(realBundle('test')).toContain(`network:${network}`);
    }
  });
});
