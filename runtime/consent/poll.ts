/**
 * Calls `found` every `every` ms until it returns true or `times` attempts have run: polling
 * always ends. Returns a stop function.
 */
export function poll(win: Window & typeof globalThis, every: number, times: number, found: () => boolean): () => void {
  let left = times;
  let timer: number | undefined;
  const tick = () => {
    left--;
    let done = false;
    try {
      done = found();
    } catch {
      done = false;
    }
    if (!done && left > 0) timer = win.setTimeout(tick, every);
  };
  timer = win.setTimeout(tick, every);
  return () => win.clearTimeout(timer);
}
