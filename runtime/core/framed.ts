/** Whether the page runs inside a frame; a cross-origin parent cannot be read, and that is a frame too. */
export function framed(win: Window): boolean {
  try {
    return win.top !== win.self;
  } catch {
    return true;
  }
}
