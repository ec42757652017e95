import { BaseSequencer, type TestSpecification } from 'vitest/node';

// vitest keeps a worker with its loaded modules only while the next file in the queue is also
// one of the `isolate: false` project (vitest.config.ts); interleaved with isolated files, every
// worker would be stopped after each file. So the shared-modules files go first (each part in
// vitest's own order: longest first once a run is cached), and the isolated files follow with no
// barrier between the two. The DOM files of the `vmForks` project are a pool of their own, which
// vitest runs before the others (about 15 s of the run on two workers).
export class SharedModulesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = (f: TestSpecification) => f.project.config.isolate === false;
    return [...sorted.filter(shared), ...sorted.filter((f) => !shared(f))];
  }
}
