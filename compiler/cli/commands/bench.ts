import { rootDir } from './build';

export async function bench(_argv: string[]): Promise<number> {
  // playwright-core is an optional peer dependency: only bench needs it.
  const { benchMarkdown, runBench, writeBenchReport } = await import('../../bench').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes('playwright-core')) throw new Error('needs playwright-core (npm install playwright-core) and Chromium at /usr/bin/chromium or $CHROMIUM_PATH');
    throw error;
  });
  const root = rootDir();
  const figures = await runBench(root, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(benchMarkdown(figures));
  process.stdout.write(`\nwritten to ${writeBenchReport(root, figures)}\n`);
  return 'error' in figures.browser ? 1 : 0;
}
