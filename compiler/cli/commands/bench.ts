import { benchMarkdown, runBench, writeBenchReport } from '../../bench';
import { rootDir } from './build';

export async function bench(_argv: string[]): Promise<number> {
  const root = rootDir();
  const figures = await runBench(root, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(benchMarkdown(figures));
  process.stdout.write(`\nwritten to ${writeBenchReport(root, figures)}\n`);
  return 'error' in figures.browser ? 1 : 0;
}
