// How a beacon leaves the page. Image GET is the default wire format of the collection servers.

export function sendImage(win: Window & typeof globalThis, url: string): void {
  const img = new win.Image(1, 1);
  img.src = url;
}
