import { describe, expect, it } from 'vitest';
import { blankRanges } from '../../compiler/js-syntax';
import { ALL, readModule } from '../../compiler/phases/3-graph/hashes/read-module';
import { parseWithPositions } from '../../compiler/swc-syntax';
import { swcViewerOnlyRanges } from '../../compiler/viewer-only';

// The build's stripped modules are read from swc's tree (compiler/phases/3-graph/hashes/
// read-module.ts, compiler/viewer-only.ts): what a statement refers to and declares must be what
// the ESTree reader it replaced found, or declaration hashes change for unchanged code; and swc's
// byte positions must land on the text's own, non-ASCII text included.

async function read(code: string) {
  return readModule(code, await parseWithPositions(code));
}

describe("the stripped modules' reader (swc's tree)", () => {
  it('keeps each top-level statement as written, after non-ASCII text too', async () => {
    const m = await read('const a="é😀";export const b=a+1;f(b);');
    expect(m.statements.map((s) => s.text)).toEqual(['const a="é😀";', 'export const b=a+1;', 'f(b);']);
    expect(m.always).toEqual([2]);
    expect([...m.declared]).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it("counts names, not members' or properties' static names, nor private names; a computed key and import.meta count", async () => {
    const m = await read('const x=o.p?.q[r]+{k:v,[c]:w,s}.k;class C{#h=1;m(){return this.#h+import.meta.u+super.z}}');
    expect([...m.statements[0].refs].sort()).toEqual(['c', 'o', 'r', 's', 'v', 'w', 'x']);
    expect([...m.statements[1].refs].sort()).toEqual(['C', 'import', 'meta']);
  });

  it('reads imports, re-exports, `export * as`, string names and a dynamic import', async () => {
    const m = await read('import d,{a as b,"x y" as c}from"./m";import*as ns from"./n";export*as q from"./o";export{p as "r s"}from"./p";export*from"./t";const l=()=>import("./lazy");export{l as default};');
    expect([...m.imports]).toEqual([
      ['d', { source: './m', name: 'default' }],
      ['b', { source: './m', name: 'a' }],
      ['c', { source: './m', name: 'x y' }],
      ['ns', { source: './n', name: ALL }],
    ]);
    expect([...m.reexports]).toEqual([
      ['q', { source: './o', name: ALL }],
      ['r s', { source: './p', name: 'p' }],
    ]);
    expect(m.starFrom).toEqual(['./t']);
    expect(m.statements.map((s) => s.dynamic)).toEqual([['./lazy']]);
    expect([...m.exports]).toEqual([['default', 'l']]);
  });

  it('declares what default exports and patterns bind, as the ESTree reader did', async () => {
    const m = await read('export default (foo);export const{a,b:[c,...d],e=1,...f}=g;');
    expect(m.exports.get('default')).toBe(0);
    expect([...m.declared]).toEqual([
      ['foo', 0],
      ['a', 1],
      ['c', 1],
      ['d', 1],
      ['e', 1],
      ['f', 1],
    ]);
    expect(['a', 'c', 'd', 'e', 'f'].map((n) => m.exports.get(n))).toEqual(['a', 'c', 'd', 'e', 'f']);
    const named = await read('export default function h(){return g}');
    expect([...named.declared]).toEqual([['h', 0]]);
    expect([...named.statements[0].refs].sort()).toEqual(['g', 'h']);
  });

  it("finds the viewer-only properties at the text's positions, after non-ASCII text too", async () => {
    const code = 'export default rule({id:"é😀",description:"ü",actions:[{label:`x${y}`,run(){}},{async label(){},z:1}],b:{c:{description:"d"}}});';
    const out = blankRanges(code, swcViewerOnlyRanges(code, await parseWithPositions(code)));
    expect(out.replace(/ +/g, ' ')).toBe('export default rule({id:"é😀", actions:[{ run(){}},{ z:1}],b:{c:{ }}});');
  });
});
