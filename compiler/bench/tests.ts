import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The test suite's wall time as `npm test` runs it (tests/setup/npm-test.mjs): the type check beside
// every vitest file (the real build made once in globalSetup, files spread over every core). The counts show that the
// run was whole; a failing suite is still timed, and its failures are reported as a figure. Each
// file's CPU time in its worker (tests/setup/file-cpu.ts) is summed by folder and the costliest
// files are listed: the profile of a suite that keeps every core busy.

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function run(args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === null ? reject(new Error(`node ${args.join(' ')} was killed:\n${err}`)) : resolve(code)));
  });
}

interface VitestReport {
  numTotalTestSuites: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

export async function benchTests(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'tagc-bench-tests-'));
  try {
    const t0 = performance.now();
    const report = join(dir, 'vitest.json');
    const timings = join(dir, 'timings.json');
    const cpu = join(dir, 'cpu');
    mkdirSync(cpu);
    await run([join(REPO, 'tests', 'setup', 'npm-test.mjs'), '--reporter=json', `--outputFile=${report}`], { TAGC_TEST_TIMINGS: timings, TAGC_TEST_CPU: cpu });
    const durationS = (performance.now() - t0) / 1000;
    const parts = JSON.parse(readFileSync(timings, 'utf8')) as { tscS: number; vitestS: number; tscExit: number };
    if (parts.tscExit !== 0) throw new Error('tsc --noEmit failed: the suite is not green');
    const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    // Figures are numbers; which tests failed goes to the bench's log.
    for (const file of r.testResults) for (const t of file.assertionResults) if (t.status === 'failed') process.stderr.write(`failed: ${file.name.replace(`${REPO}/`, '')} > ${t.fullName}\n`);
    return { durationS, tscS: parts.tscS, vitestS: parts.vitestS, tests: r.numTotalTests, passed: r.numPassedTests, failed: r.numFailedTests, ...cpuFigures(cpu) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One test file's line in a TAGC_TEST_CPU folder (tests/setup/file-cpu.ts writes them; start and end in epoch ms). */
export interface FileCpu {
  file: string;
  cpuMs: number;
  /** The processes the file started (esbuild, tsc, npm, CLI processes); absent in older lines. */
  childCpuMs?: number;
  /** The run's shared Chromium while the file ran (overlapping browser files are each charged). */
  chromiumCpuMs?: number;
  wallMs: number;
  startMs: number;
  endMs: number;
  pid: number;
}

/** Every test file's line in a TAGC_TEST_CPU folder (one `<worker pid>.jsonl` a worker). */
export function readFileCpu(dir: string): FileCpu[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as FileCpu);
}

export const TOP_FILES = 15;

/** A whole-run reading beside the files' lines (tests/setup/real-build.ts, tests/setup/chromium.ts), if written. */
function runCpuMs(dir: string, name: string): number | undefined {
  const file = join(dir, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { cpuMs: number }).cpuMs : undefined;
}

/**
 * `cpu s (test files)`, `cpu s <folder>` for each folder under tests/, and `cpu s <file>` for the
 * costliest files: the workers' own CPU. Then the rest of the run's: `cpu s (processes of test
 * files)` with `child cpu s <file>` for the costliest, `cpu s (chromium)` (its renderers are
 * reaped by init, out of any `time` of the run) and `cpu s (vitest main process)`.
 */
export function cpuFigures(dir: string): Record<string, number> {
  const files = readFileCpu(dir);
  const s = (ms: number) => Math.round(ms / 100) / 10;
  const child = (f: FileCpu) => f.childCpuMs ?? 0;
  const byFolder = new Map<string, number>();
  for (const f of files) {
    const folder = f.file.split('/').slice(0, 2).join('/');
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + f.cpuMs);
  }
  const out: Record<string, number> = { 'cpu s (test files)': s(files.reduce((n, f) => n + f.cpuMs, 0)), 'files with cpu': files.length };
  for (const [folder, ms] of [...byFolder].sort((a, b) => b[1] - a[1])) out[`cpu s ${folder}/`] = s(ms);
  for (const f of [...files].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, TOP_FILES)) out[`cpu s ${f.file}`] = s(f.cpuMs);
  out['cpu s (processes of test files)'] = s(files.reduce((n, f) => n + child(f), 0));
  for (const f of [...files].sort((a, b) => child(b) - child(a)).slice(0, TOP_FILES)) if (child(f) > 0) out[`child cpu s ${f.file}`] = s(child(f));
  const chromium = runCpuMs(dir, 'chromium.json');
  if (chromium !== undefined) out['cpu s (chromium)'] = s(chromium);
  const main = runCpuMs(dir, 'main-process.json');
  if (main !== undefined) out['cpu s (vitest main process)'] = s(main);
  return out;
}
