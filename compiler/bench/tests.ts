import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The test suite's wall time as `npm test` runs it (tests/setup/npm-test.mjs): the type check beside
// every vitest file (the real build made once in globalSetup, files spread over every core). The counts show that the
// run was whole; a failing suite is still timed, and its failures are reported as a figure.

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
    await run([join(REPO, 'tests', 'setup', 'npm-test.mjs'), '--reporter=json', `--outputFile=${report}`], { TAGC_TEST_TIMINGS: timings });
    const durationS = (performance.now() - t0) / 1000;
    const parts = JSON.parse(readFileSync(timings, 'utf8')) as { tscS: number; vitestS: number; tscExit: number };
    if (parts.tscExit !== 0) throw new Error('tsc --noEmit failed: the suite is not green');
    const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    // Figures are numbers; which tests failed goes to the bench's log.
    for (const file of r.testResults) for (const t of file.assertionResults) if (t.status === 'failed') process.stderr.write(`failed: ${file.name.replace(`${REPO}/`, '')} > ${t.fullName}\n`);
    return { durationS, tscS: parts.tscS, vitestS: parts.vitestS, tests: r.numTotalTests, passed: r.numPassedTests, failed: r.numFailedTests };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
