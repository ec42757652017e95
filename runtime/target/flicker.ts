import { FLICKER_STYLE_ID } from './constants';

// Body hiding while offers are on their way (body-hiding opacity 0), always bounded: the
// caller removes it on the response, an error or its timeout.

export function hideBody(doc: Document): void {
  if (doc.getElementById(FLICKER_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = FLICKER_STYLE_ID;
  style.textContent = 'body { opacity: 0 !important }';
  (doc.head ?? doc.documentElement).appendChild(style);
}

export function showBody(doc: Document): void {
  doc.getElementById(FLICKER_STYLE_ID)?.remove();
}
