import { BaseSequencer, type TestSpecification } from 'vitest/node';

// vitest keeps a worker with its loaded modules only while the next file in its one queue is of
// the same `isolate: false` project (vitest.config.ts: the shared-modules files, and the DOM
// files, which vitest does not isolate in a VM pool); interleaved with isolated files, every
// worker would be stopped after each file. So those files stay together, each project's in
// vitest's own order (longest first once a run is cached), and they follow the isolated files
// with no barrier between the two: the long isolated files (tagc diff end to end, prune, the
// publish CLI) start early instead of making the run's tail on one core while the other
// finishes, and the run ends on the many short shared files, which even out the two cores.
export class SharedModulesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = (f: TestSpecification) => f.project.config.isolate === false;
    return [...sorted.filter((f) => !shared(f)), ...sorted.filter(shared)];
  }
}
