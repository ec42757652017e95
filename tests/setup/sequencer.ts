import { BaseSequencer, type TestSpecification } from 'vitest/node';

// vitest keeps a worker with its loaded modules only while the next file in the queue runs the
// same way (vitest.config.ts, tests/setup/isolation.ts); interleaved, every worker would be stopped
// after each file. So the files go by way of running, each part in vitest's own order (longest
// first once a run is cached): the shared-modules files, then the isolated ones (a few long CLI
// files among them), and last the many short DOM files in VM contexts, which fill both workers
// to the end instead of one long file finishing alone. No barrier between the parts.
export class ByWayOfRunning extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => (f.project.config.isolate === false ? 0 : f.project.config.pool === 'vmForks' ? 2 : 1);
    return [0, 1, 2].flatMap((r) => sorted.filter((f) => rank(f) === r));
  }
}
