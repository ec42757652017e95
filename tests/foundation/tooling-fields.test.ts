import { describe, expect, it } from 'vitest';
import { stepFieldNames } from '../../compiler/phases/5-emit/mangled-props';
import { blankToolingFields } from '../../compiler/phases/5-emit/tooling-fields';
import { realBundle } from '../helpers/real-build';

// A step's `params` (when empty) and an action's `sends` are read only by tooling; bundles
// without debugging lose them after esbuild (compiler/phases/5-emit/tooling-fields.ts). Anything
// else, and any object that is not a step, keeps its fields; positions never move.

const NAMES = { kind: 'k', sends: 's' };

function run(code: string): unknown {
  // The blanked code must still be valid JavaScript that builds the same values otherwise.
  return new Function(`return ${code}`)() as unknown;
}

describe('blankToolingFields', () => {
  it("drops a step's empty params and its sends, wherever they stand, and keeps its other fields", () => {
    const code = '[{k:"analyticsEvent",params:{},s:"analytics",timeout:5},{s:"necessary",k:"custom",params:{}},{params:{},k:"x"}]';
    const out = blankToolingFields(code, NAMES);
    expect(out).toHaveLength(code.length);
    expect(run(out)).toEqual([{ k: 'analyticsEvent', timeout: 5 }, { k: 'custom' }, { k: 'x' }]);
  });

  it('keeps params that are not empty, sends whose value does work, and objects without a kind', () => {
    const code = '[{k:"socialPixel",params:{a:1},s:f()},{params:{},s:"advertising",url:"u"},{k:"script",s:o.s??"necessary"}]';
    const out = blankToolingFields(`(()=>{const f=()=>"performance",o={};return ${code}})()`, NAMES);
    expect(run(out)).toEqual([{ k: 'socialPixel', params: { a: 1 }, s: 'performance' }, { params: {}, s: 'advertising', url: 'u' }, { k: 'script' }]);
  });

  it("reads the bundle's names of kind and sends from esbuild's mangle cache", () => {
    expect(stepFieldNames({ kind: 't', sends: 'r', other: false })).toEqual({ kind: 't', sends: 'r' });
    expect(stepFieldNames({ kind: false })).toEqual({ kind: 'kind', sends: 'sends' });
  });
});

describe('the prod bundle', () => {
  it("carries no step's empty params, which the test bundle (built with tooling) keeps", () => {
    expect(realBundle('prod')).not.toMatch(/params:\{\}/);
    expect(realBundle('test')).toMatch(/params:\{\}/);
  });
});
