import type { TestProject } from 'vitest/node';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromiumServer } from '../../compiler/bench/chromium';
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

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!project.isRootProject()) return undefined;
  // Without the browser UI no test uses (UNUSED_UI in compiler/bench/chromium.ts): about 0.7 s of CPU a context.
  const server = await launchChromiumServer();
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
