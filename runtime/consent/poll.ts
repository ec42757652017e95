/**
 * Calls `found` every `every` ms until it returns true or `times` attempts have run: polling
 * always ends, so nothing needs to stop it.
 */
export function poll(win: Window & typeof globalThis, every: number, times: number, found: () => boolean): void {
  let left = times;
  const tick = () => {
    left--;
    let done = false;
    try {
      done = found();
    } catch {
      // A throwing check counts as not found yet.
    }
    if (!done && left > 0) win.setTimeout(tick, every);
  };
  win.setTimeout(tick, every);
}
