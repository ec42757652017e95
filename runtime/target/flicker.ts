import { FLICKER_STYLE_ID } from './constants';

// Body hiding while offers are on their way (body-hiding opacity 0), always bounded: the
// caller removes it on the response, an error or its timeout. The <style> carries the page's CSP
// nonce; a host-allowlist policy admits it by its hash instead (`tagc csp`, FLICKER_CSS).

export const FLICKER_CSS = 'body { opacity: 0 !important }';

/**
 * Appends a <style> or <script> with its text to the head, carrying the container's CSP nonce as
 * its attribute (which CSP reads, as Chromium checks: the style applies, the script runs under
 * `script-src 'nonce-…'`): the anti-flicker style, and an offer's customCode (render.ts).
 */
export function appendInline(doc: Document, tag: 'style' | 'script', text: string, nonce: string | undefined): HTMLElement {
  const el = doc.createElement(tag);
  if (nonce) el.setAttribute('nonce', nonce);
  el.textContent = text;
  return (doc.head ?? doc.documentElement).appendChild(el);
}

export function hideBody(doc: Document, nonce?: string): void {
  if (doc.getElementById(FLICKER_STYLE_ID)) return;
  appendInline(doc, 'style', FLICKER_CSS, nonce).id = FLICKER_STYLE_ID;
}

export function showBody(doc: Document): void {
  doc.getElementById(FLICKER_STYLE_ID)?.remove();
}
