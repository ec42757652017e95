import { describe, expect, it } from 'vitest';
import { phaseKey, phaseTimings } from '../../compiler/bench/compiler-scale';

// The scale bench keeps the phase timings `tagc build` prints as figures (compiler/cli/commands/build.ts).
const BUILD_OUTPUT = `load                 3376 ms
validate              666 ms
network proof        8949 ms
hashes (wait)        5216 ms
test      ../out/test/container.c25f0a4bfa99f00c.min.js  1733.5 KB (183.5 KB gzip)  5081 rules, 101 data elements
`;

describe('the compiler-scale bench', () => {
  it('reads every phase timing line of a build and nothing else', () => {
    expect(phaseTimings(BUILD_OUTPUT)).toEqual({ load: 3376, validate: 666, 'network proof': 8949, 'hashes (wait)': 5216 });
  });

  it('names a phase in a figure key without spaces', () => {
    expect(phaseKey('network proof')).toBe('NetworkProof');
    expect(phaseKey('bundle prod')).toBe('BundleProd');
    expect(phaseKey('load')).toBe('Load');
  });
});
