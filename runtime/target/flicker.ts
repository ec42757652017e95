import { FLICKER_STYLE_ID } from './constants';

// Body hiding while offers are on their way (body-hiding opacity 0), always bounded: the
// caller removes it on the response, an error or its timeout. The <style> carries the page's CSP
// nonce; a host-allowlist policy admits it by its hash instead (`tagc csp`, FLICKER_CSS).

export const FLICKER_CSS = 'body { opacity: 0 !important }';

export function hideBody(doc: Document, nonce?: string): void {
  if (doc.getElementById(FLICKER_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = FLICKER_STYLE_ID;
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = FLICKER_CSS;
  (doc.head ?? doc.documentElement).appendChild(style);
}

export function showBody(doc: Document): void {
  doc.getElementById(FLICKER_STYLE_ID)?.remove();
}
