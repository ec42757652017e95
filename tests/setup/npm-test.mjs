// `npm test`: the type check and vitest side by side. tsc needs one core for about 3 s and vitest
// leaves cores idle while Chromium and servers answer, so running them in turn cost the whole type
// check in wall time. tsc's report is printed after vitest's, and the run fails if either does.
// Arguments go to vitest (`npm test -- tests/runtime`). With TAGC_TEST_TIMINGS=<file>, each part's
// wall time (s) is written there as JSON (the bench's `tests` group reads it).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tscCommand } from '../../compiler/tsc-command.mjs';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (...path) => join(REPO, 'node_modules', ...path);

function run([command, ...args], stdio) {
  const t0 = performance.now();
  const child = spawn(command, args, { cwd: REPO, stdio });
  let out = '';
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  return new Promise((resolve) => {
    const seconds = () => (performance.now() - t0) / 1000;
    child.on('error', (error) => resolve({ code: 1, out: `${out}${error.message}\n`, seconds: seconds() }));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, out: signal ? `${out}killed by ${signal}\n` : out, seconds: seconds() }));
  });
}

// tsc runs as its native executable, found as the compiler's type check finds it.
// Incremental: an unchanged project re-checks in a fraction of the first run (its state is kept
// under node_modules/.cache/, which a clean clone does not have).
const buildInfo = bin('.cache', 'tagc', 'npm-test.tsbuildinfo');
const tsc = run([...(await tscCommand()), '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', buildInfo], ['ignore', 'pipe', 'pipe']);
const vitest = await run([process.execPath, bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], 'inherit');
const types = await tsc;
if (types.code !== 0) process.stderr.write(`\ntsc --noEmit failed (exit ${types.code}):\n${types.out}`);
else process.stdout.write('tsc --noEmit: no type errors\n');
if (process.env.TAGC_TEST_TIMINGS) writeFileSync(process.env.TAGC_TEST_TIMINGS, JSON.stringify({ tscS: types.seconds, vitestS: vitest.seconds, tscExit: types.code }));
process.exitCode = vitest.code || types.code;
