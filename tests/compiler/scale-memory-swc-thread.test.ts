import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressWithMap } from '../../compiler/phases/5-emit/compress';
import { parseWithPositions } from '../../compiler/phases/5-emit/swc-positions';

// A large project's bundles are parsed by swc on the main thread
// (compiler/phases/5-emit/swc-thread.ts): on Node's thread pool each of its threads kept what its
// largest call grew. The container's smaller scripts stay on the pool, and every script is
// compressed there, so that the main thread answers the next build meanwhile.

/** CPU time (ms) of each thread of this process, by thread id (the main thread's is the pid). */
function threadCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended between the two reads.
    }
  }
  return cpu;
}

/** Share of the CPU time spent while `work` ran that was the main thread's. */
async function mainThreadShare(work: () => Promise<unknown>): Promise<number> {
  const before = threadCpu();
  await work();
  let all = 0;
  let main = 0;
  for (const [tid, ms] of threadCpu()) {
    const spent = ms - (before.get(tid) ?? 0);
    all += spent;
    if (tid === process.pid) main += spent;
  }
  return main / all;
}

/** A minified-looking script of about `chars` characters, with non-ASCII text in it. */
function script(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const part = `function f${i}(a,b){var c=a*${i}+b;return c>${i}?"é${i}"+c:f${i}(c+1,b)}window.k${i}=f${i}(${i},${i % 7});`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

/** mimalloc's options as swc's native module read them, in a new process (MIMALLOC_VERBOSE prints its options on stderr). */
function optionsSeen(env: Record<string, string>): (option: string) => string | undefined {
  const load = "import('./compiler/swc.ts').then((m) => m.loadSwc()).then((swc) => swc.transformSync('let a = 1', {}))";
  const { MIMALLOC_PURGE_DELAY: _, MIMALLOC_ARENA_EAGER_COMMIT: __, ...rest } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', load], { cwd: join(import.meta.dirname, '..', '..'), env: { ...rest, ...env, MIMALLOC_VERBOSE: '1' }, encoding: 'utf8' });
  expect(run.status).toBe(0);
  return (option) => new RegExp(`option '${option}': (-?\\d+)`).exec(run.stderr)?.[1];
}

/** The options where the user chose none: one process (about 0.4 s of CPU) answers both tests. */
let defaults: ReturnType<typeof optionsSeen> | undefined;
const defaultSeen = (option: string) => (defaults ??= optionsSeen({}))(option);

describe('swc memory', () => {
  it('hands freed memory back to the system at once, unless the user chose a delay', () => {
    expect(defaultSeen('purge_delay')).toBe('0');
    expect(optionsSeen({ MIMALLOC_PURGE_DELAY: '250' })('purge_delay')).toBe('250');
  });

  it('commits its arena as it is used, not up front, unless the user chose otherwise', () => {
    expect(defaultSeen('arena_eager_commit')).toBe('0');
    expect(optionsSeen({ MIMALLOC_ARENA_EAGER_COMMIT: '1' })('arena_eager_commit')).toBe('1');
  });
});

describe('where swc works on a script', () => {
  it('compresses a script of any size on the pool, not on the main thread', async () => {
    const large = script(600_000);
    const small = script(300_000);
    expect(await mainThreadShare(() => compressWithMap(large))).toBeLessThan(0.3);
    expect(await mainThreadShare(() => compressWithMap(small))).toBeLessThan(0.3);
  });

  it("maps a large script's positions on the main thread as on the pool", async () => {
    for (const js of [script(300_000), script(600_000)]) {
      const marker = 'window.k1234=';
      const { program, index } = await parseWithPositions(js);
      const statement = program.body.find((s) => s.type === 'ExpressionStatement' && js.slice(index(s.span.start), index(s.span.start) + marker.length) === marker);
      // Every statement but the last ends with its semicolon, where the next one starts.
      expect(statement && js.slice(index(statement.span.start), index(statement.span.end))).toBe('window.k1234=f1234(1234,2);');
    }
  });
});
