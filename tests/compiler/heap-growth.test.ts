import { describe, expect, it } from 'vitest';
import { LARGE_PROJECT_MODULES } from '../../compiler/esbuild-api';
import { boundHeapGrowth, heapGrowthFlags } from '../../compiler/heap-growth';

// A large project's compile caps V8's heap growth for node's own process (compiler/heap-growth.ts),
// so that node's committed heap beside esbuild's builds stays closer to what it holds.

describe("node's heap growth in a compile", () => {
  it("caps a large project's at 60 % over what was live", () => {
    expect(heapGrowthFlags(LARGE_PROJECT_MODULES, [])).toEqual(['--heap-growing-percent=60']);
    expect(heapGrowthFlags(5000, ['--enable-source-maps'])).toEqual(['--heap-growing-percent=60']);
  });

  it("leaves a small project's as V8 chooses", () => {
    expect(heapGrowthFlags(LARGE_PROJECT_MODULES - 1, [])).toEqual([]);
    expect(heapGrowthFlags(0, [])).toEqual([]);
  });

  it('keeps a growth the user gave node', () => {
    expect(heapGrowthFlags(5000, ['--heap-growing-percent=20'])).toEqual([]);
    expect(heapGrowthFlags(5000, ['--heap_growing_percent=200'])).toEqual([]);
  });

  it('sets the flags in the process it runs in, and none for a small project', () => {
    const set: string[] = [];
    boundHeapGrowth(LARGE_PROJECT_MODULES - 1, (flag) => set.push(flag));
    expect(set).toEqual([]);
    boundHeapGrowth(LARGE_PROJECT_MODULES, (flag) => set.push(flag));
    expect(set).toEqual(['--heap-growing-percent=60']);
  });
});
