import { debugFlag, setExpander } from './log';
import type { Monitor } from './monitor';

// Bundles without debug logging (prod, internal) carry only this: when the persisted debug flag is
// on, load the build's debug companion (runtime/debug/companion.ts) from the bundle's own base URL
// with its SRI integrity, and keep the rule events seen until it arrives so that it can explain
// the whole page, and let it print the runtime's messages as text (log.ts). Off (every ordinary visitor), nothing is requested and nothing kept after start-up.

export interface CompanionRef {
  /** File name next to the bundle. */
  file: string;
  integrity: string;
}

export function loadCompanion(win: Window & typeof globalThis, companion: CompanionRef | undefined, add: (m: Monitor) => () => void, later: (task: () => void) => void): void {
  const doc = win.document;
  const bundle = doc.currentScript as HTMLScriptElement | null;
  if (!companion || !bundle?.src) return;
  const seen: [keyof Monitor, unknown][] = [];
  // The rule events the companion explains, each kept with its hook's name.
  const stop = add(Object.fromEntries((['ruleFired', 'ruleSkipped', 'actionFailed'] as const).map((hook) => [hook, (e: unknown) => void seen.push([hook, e])])));
  // The flag is read after start-up: a page's first storage read waits on the browser, and no
  // rule needs it. The events of start-up are kept meanwhile.
  later(() => {
    if (!debugFlag()) return void stop();
    (win as unknown as { __tagcDebug: object }).__tagcDebug = { seen, stop, text: setExpander };
    const s = doc.createElement('script');
    s.src = new URL(companion.file, bundle.src).href;
    s.integrity = companion.integrity;
    s.crossOrigin = 'anonymous';
    (doc.head || doc.documentElement).appendChild(s);
  });
}
