import { vi } from 'vitest';
import { main } from '../../compiler/cli/main';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** `tagc <args>` through main() in this process, capturing what it prints. */
export async function runCli(args: string[]): Promise<CliRun> {
  const printed = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: unknown) => {
      printed[stream] += String(chunk);
      return true;
    }),
  );
  try {
    return { status: await main(args), ...printed };
  } finally {
    spies.forEach((s) => s.mockRestore());
  }
}
