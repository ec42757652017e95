import type * as ChildProcess from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { compile } from '../../compiler';
import { container, removeContainer } from '../helpers/container';

// compile() starts the container's tsc at its beginning, beside loading and bundling, and starts
// it again if the generated types are then written anew (compiler/typecheck.ts, EarlyTypeCheck).
// A new container has no generated types yet, so they are certain to be written: its first build
// runs tsc once, after them, not once for nothing and again.

const tscRuns = vi.hoisted(() => [] as string[][]);
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof ChildProcess>();
  const spawn = ((command: string, args: readonly string[], ...rest: unknown[]) => {
    // The container's check is the run that lists its program's files.
    if (args.includes('--listFiles')) tscRuns.push([...args]);
    return (real.spawn as (...a: unknown[]) => ChildProcess.ChildProcess)(command, args, ...rest);
  }) as typeof real.spawn;
  return { ...real, spawn, default: { ...real, spawn } };
});

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const RULE = `import { rule } from '../runtime/declare';
export default rule({ id: 'log', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'log', sends: 'necessary', run: () => console.log('x') }] });
`;

describe("a compile's type check", () => {
  it('runs tsc once on a new container, after its generated types are written', async () => {
    const root = container('early-tc', { 'rules/log.ts': RULE }, { linkRuntime: true });
    roots.push(root);
    const generated = join(root, 'schemas', 'generated', 'payloads.ts');
    expect(existsSync(generated)).toBe(false);
    const result = await compile({ root, envs: ['prod'], typecheck: true, emit: false });
    expect(result.generatedWritten).toContain(generated);
    expect(tscRuns).toHaveLength(1);
  }, 120_000);
});
