// Browser technology fields of the first hit of a page (AppMeasurement's s, c, j, v, k, bw, bh).
// A field the browser will not give (privacy shields, throwing getters) is sent as 'error'.

function read(get: () => unknown): string {
  try {
    const v = get();
    return v === undefined || v === null || v === '' || (typeof v === 'number' && !Number.isFinite(v)) ? 'error' : String(v);
  } catch {
    return 'error';
  }
}

export function technologyFields(win: Window & typeof globalThis): Record<string, string> {
  return {
    s: read(() => `${win.screen.width}x${win.screen.height}`),
    c: read(() => win.screen.colorDepth),
    j: '1.6',
    v: 'N',
    k: read(() => (win.navigator.cookieEnabled ? 'Y' : 'N')),
    bw: read(() => win.document.documentElement.clientWidth || win.innerWidth),
    bh: read(() => win.document.documentElement.clientHeight || win.innerHeight),
  };
}
