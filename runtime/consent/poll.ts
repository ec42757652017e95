/** What a poll looks for: the page's elements matching `selector`, every `every` ms up to `times` attempts. */
export interface Polled {
  selector: string;
  every: number;
  times: number;
}

/**
 * Calls `found` with the elements matching the selector every `every` ms until it returns true or
 * `times` attempts have run: polling always ends, so nothing needs to stop it.
 */
export function poll(win: Window & typeof globalThis, { selector, every, times }: Polled, found: (matches: NodeListOf<HTMLElement>) => boolean): void {
  const tick = () => {
    times--; // the attempts left
    let done = false;
    try {
      done = found(win.document.querySelectorAll<HTMLElement>(selector));
    } catch {
      // A throwing check counts as not found yet.
    }
    if (!done && times > 0) win.setTimeout(tick, every);
  };
  win.setTimeout(tick, every);
}
