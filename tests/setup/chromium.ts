import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../compiler/bench/chromium';
import { processTable, treeCpuMs } from './process-tree-cpu';

// One Debian Chromium for every browser test file: started once by the root project (projects
// inherit its provided endpoint), each file connects with connectChromium()
// (tests/helpers/chromium.ts) and works in contexts of its own, which its browser.close() drops.

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
    /** The browser process, whose tree's CPU the files' lines take (tests/setup/file-cpu.ts). */
    chromiumPid: number;
  }
}

/**
 * Browser UI no test uses: Chromium 156 preloads the omnibox popup's WebUI, in a renderer of its
 * own, for every browser context (each an off-the-record profile), about 0.7 s of CPU a context.
 */
const UNUSED_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE = '--disable-features=';
const launch = (args: string[]) => chromium.launchServer({ executablePath: CHROMIUM_PATH, args, headless: true });

/**
 * Chromium keeps only the last --disable-features it is given, and Playwright gives its own list
 * (features that would change how its routing and pages behave) before ours: read from the first
 * launch's command line, it is kept in the flag that disables UNUSED_UI.
 */
async function launchWithoutUnusedUi(): Promise<BrowserServer> {
  const first = await launch(CHROMIUM_ARGS);
  const lists = first.process().spawnargs.filter((a) => a.startsWith(DISABLE)).map((a) => a.slice(DISABLE.length).split(',').filter(Boolean));
  const wanted = [...new Set([...lists.flat(), ...UNUSED_UI])];
  const effective = new Set(lists.at(-1));
  if (wanted.every((f) => effective.has(f))) return first;
  await first.close();
  return launch([...CHROMIUM_ARGS, `${DISABLE}${wanted.join(',')}`]);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!project.isRootProject()) return undefined;
  const server = await launchWithoutUnusedUi();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  project.provide('chromiumPid', server.process().pid ?? 0);
  return () => {
    // Chromium's CPU over the run (its renderers and GPU process are its children) for the bench's profile.
    const folder = process.env.TAGC_TEST_CPU;
    const pid = server.process().pid;
    // Its renderers outlive it when it closes and are reaped by init: no `time` of the run counts them.
    if (folder && pid) writeFileSync(join(folder, 'chromium.json'), JSON.stringify({ cpuMs: treeCpuMs(processTable(), pid, { self: true }) }));
    return server.close();
  };
}
