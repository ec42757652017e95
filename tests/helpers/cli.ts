import { vi } from 'vitest';
import { main } from '../../compiler/cli/main';
import { setEnv } from './env';

// `tagc <args>` through main(), the function compiler/cli/bin.js runs, in the test's own process:
// the command's whole code path without a new Node process that loads the compiler again (about
// 1 s of CPU a run). Each command keeps at least one test that runs the real bin in a process of
// its own (tests/helpers/bin.ts: exit code and output as a shell sees them); the other cases of
// that command call this.
// It sets TAGC_ROOT and captures stdout and stderr for the call only, restoring both, and main()
// registers no tsx here (compiler/load-typescript.ts: only the bin leaves that hook): a file that
// calls it shares its worker's loaded compiler like any other (tests/setup/isolation.ts).

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `tagc <args>` in this process with TAGC_ROOT set to `root` (if given), capturing what it prints. */
export async function tagcInProcess(args: string[], root?: string): Promise<CliRun> {
  const printed = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: unknown) => {
      printed[stream] += String(chunk);
      return true;
    }),
  );
  const restoreEnv = setEnv(root === undefined ? {} : { TAGC_ROOT: root });
  try {
    return { status: await main(args), ...printed };
  } finally {
    restoreEnv();
    spies.forEach((s) => s.mockRestore());
  }
}
