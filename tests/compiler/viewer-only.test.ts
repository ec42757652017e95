import { describe, expect, it } from 'vitest';
import { blankRanges, parseModule } from '../../compiler/js-syntax';
import { OPTIONAL_OPTIONS_FACTORIES, viewerOnlyRanges } from '../../compiler/viewer-only';
import * as declare from '../../runtime/declare';

const { computed, derived } = declare;

// Bundles without debugging blank the viewer-only properties (compiler/viewer-only.ts); a
// data-element factory's options object that holds nothing else goes whole, comma included.
const stripped = (js: string) => blankRanges(js, viewerOnlyRanges(js, parseModule(js))).replace(/ +/g, ' ');

describe('viewer-only metadata left out of a bundle', () => {
  it("drops a data-element factory's options of viewer-only properties alone, under its imported name", () => {
    const js = [
      "import { computed as c, derived } from '../runtime/declare';",
      "export const a = c((ctx) => 1, { description: 'one', reads: ['x'] });",
      "export const b = derived(['a'], ([a]) => a, { description: 'two', },);",
      "export const d = c((ctx) => 2, { description: 'three', default: 0 });",
    ].join('\n');
    expect(stripped(js).split('\n').slice(1)).toEqual([
      'export const a = c((ctx) => 1 );',
      "export const b = derived(['a'], ([a]) => a ,);",
      'export const d = c((ctx) => 2, { default: 0 });',
    ]);
  });

  it("keeps the emptied object where the callee is not a factory's import", () => {
    const js = ["import { rule } from '../runtime/declare';", 'const computed = (read, options) => options.x;', "computed(1, { description: 'x' }); rule({ id: 'r', description: 'y' });"].join('\n');
    expect(stripped(js).split('\n')[2]).toBe("computed(1, { }); rule({ id: 'r', });");
  });

  it('makes the same data element of a factory called without its options as with an empty object', () => {
    const read = () => 1;
    const { read: _a, ...bare } = derived(['siteCountry'], read);
    const { read: _b, ...empty } = derived(['siteCountry'], read, {});
    expect(computed(read)).toEqual(computed(read, {}));
    expect(bare).toEqual(empty);
    expect(bare).toEqual({ __tagc: 'dataElement', kind: 'derived', params: { from: ['siteCountry'] } });
  });

  it('names only factories that take their options as optional (each called here without them, which tsc checks)', () => {
    const read = () => 1;
    const bare = {
      computed: declare.computed(read),
      constant: declare.constant(1),
      cookie: declare.cookie('c'),
      dataLayerValue: declare.dataLayerValue('p.q'),
      derived: declare.derived(['siteCountry'], read),
      domAttribute: declare.domAttribute('#s', 'id'),
      globalVariable: declare.globalVariable('g.h'),
      localItem: declare.localItem('k'),
      pageInfo: declare.pageInfo('title'),
      queryParam: declare.queryParam('q'),
      sessionItem: declare.sessionItem('k'),
    };
    expect(Object.keys(bare).sort()).toEqual([...OPTIONAL_OPTIONS_FACTORIES].sort());
    for (const el of Object.values(bare)) expect(el.__tagc).toBe('dataElement');
  });
});
