import { afterAll, describe, expect, it, vi } from 'vitest';
import { compile } from '../../compiler';
import { container, removeContainer } from '../helpers/container';

// compile() caps V8's heap growth (compiler/heap-growth.ts) only for a process that is the build's
// own (`tagc build`: ownProcess); a V8 flag stays set for the process's later work, so a library
// call (the bench, a test, another tool) must not set it.

const calls = vi.hoisted(() => [] as number[]);
vi.mock('../../compiler/heap-growth', () => ({ boundHeapGrowth: (modules: number) => void calls.push(modules) }));

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

describe("the heap-growth cap of a compile", () => {
  it('is asked for only where the caller says the process is the build\'s own', async () => {
    const root = container('heap-own-process', {});
    roots.push(root);
    await compile({ root, envs: ['prod'], emit: false });
    expect(calls).toEqual([]);
    await compile({ root, envs: ['prod'], emit: false, ownProcess: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
