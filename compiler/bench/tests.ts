import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The test suite's wall time as `npm test` runs it: the type check, then every vitest file (the
// real build made once in globalSetup, files spread over every core). The counts show that the
// run was whole; a failing suite is still timed, and its failures are reported as a figure.

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function run(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
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
    const tsc = await run([join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json']);
    const tscS = (performance.now() - t0) / 1000;
    if (tsc !== 0) throw new Error('tsc --noEmit failed: the suite was not run');
    const report = join(dir, 'vitest.json');
    await run([join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=json', `--outputFile=${report}`]);
    const durationS = (performance.now() - t0) / 1000;
    const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    // Figures are numbers; which tests failed goes to the bench's log.
    for (const file of r.testResults) for (const t of file.assertionResults) if (t.status === 'failed') process.stderr.write(`failed: ${file.name.replace(`${REPO}/`, '')} > ${t.fullName}\n`);
    return { durationS, tscS, vitestS: durationS - tscS, tests: r.numTotalTests, passed: r.numPassedTests, failed: r.numFailedTests };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
