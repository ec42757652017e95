import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// vitest keeps a worker with its loaded modules only while the next file in its one queue is of
// the same `isolate: false` project (vitest.config.ts: the shared-modules files, and the DOM
// files, which vitest does not isolate in a VM pool); interleaved with isolated files, every
// worker would be stopped after each file. So those files stay together, each project's in
// vitest's own order (longest first once a run is cached), and they follow the isolated files
// with no barrier between the two: the long isolated files (tagc diff end to end, prune, the
// publish CLI) start early instead of making the run's tail on one core while the other
// finishes, and the run ends on the many short shared files, which even out the two cores.
// Except the shared files that start processes of their own (npm pack and install, `tagc init`
// and the vitest it runs, the CLI's bin): their wall time is mostly those processes', they are
// among the run's longest files (install.test.ts about 170 s at load 20), and queued behind every
// isolated and DOM file they were the run's last 120 s. They join the isolated files, longest
// first; they use little of a worker's loaded modules, so starting a worker for each costs little.

/** A file that starts processes of its own: node:child_process, or the CLI's bin (tests/helpers/bin.ts). */
const STARTS_PROCESSES = /from\s+'node:child_process'|from\s+'\.\.\/helpers\/bin'/;

export class SharedModulesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = (f: TestSpecification) => f.project.config.isolate === false;
    // Each file read once, each duration looked up once (the sort below compares them many times).
    const waiting = new Set(sorted.filter((f) => shared(f) && STARTS_PROCESSES.test(readFileSync(f.moduleId, 'utf8'))));
    const waits = (f: TestSpecification) => waiting.has(f);
    // The last run's duration (vitest's results cache); a file without one first, as vitest runs unknown files first.
    const durations = new Map(sorted.map((f) => [f, this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`)?.duration ?? Infinity]));
    const duration = (f: TestSpecification) => durations.get(f)!;
    const first = sorted.filter((f) => !shared(f) || waits(f));
    // A stable sort: files of equal (or no) duration keep vitest's order, the waiting files before the isolated ones.
    const front = [...first.filter(waits), ...first.filter((f) => !waits(f))].sort((a, b) => (duration(a) === duration(b) ? 0 : duration(b) > duration(a) ? 1 : -1));
    return [...front, ...sorted.filter((f) => shared(f) && !waits(f))];
  }
}
