import { webUrl } from '../core/egress';

// The A/B trust boundary's second half: what an offer may put in the page. URL-bearing actions
// take only http(s) URLs; CSS may not fetch; and an offer's HTML, when it may not carry script,
// is parsed inert (a <template>) and inserted without script elements, event handlers, srcdoc,
// script URLs or anything that fetches on its own (base, meta, link, style, object, embed).

/** Attributes whose value is a URL (or a list of them). */
const URL_ATTRS = new Set(['src', 'href', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'background', 'srcset', 'ping', 'cite', 'longdesc', 'codebase', 'manifest', 'lowsrc', 'dynsrc']);
const DROP = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style', 'template', 'noscript', 'set', 'animate', 'animatemotion', 'animatetransform', 'portal']);

/** The URL resolved against the page when it is http(s), else null. */
export function httpUrl(value: string, base: string): string | null {
  return webUrl(value.trim(), base)?.href ?? null;
}

/** Whether an attribute may carry this value: no handlers, no srcdoc, http(s) URLs only, inert CSS. */
export function safeAttribute(name: string, value: string, base: string): boolean {
  const n = name.toLowerCase();
  if (!/^[a-z][a-z0-9_:.-]*$/.test(n) || n.startsWith('on') || n === 'srcdoc') return false;
  if (n === 'style') return safeCss(value);
  if (!URL_ATTRS.has(n)) return true;
  const urls = n === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value];
  return urls.every((u) => !u || httpUrl(u, base) !== null);
}

/** CSS that cannot fetch or run anything. */
export function safeCss(value: string): boolean {
  return !/url\s*\(|image(-set)?\s*\(|expression\s*\(|javascript:|@import|behavior\s*:|-moz-binding/i.test(value);
}

/** Offer HTML parsed inert and cleaned (see above), ready to insert. */
export function sanitizedHtml(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const base = doc.baseURI;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    if (DROP.has(el.localName.toLowerCase())) {
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) if (!safeAttribute(attr.name, attr.value, base)) el.removeAttribute(attr.name);
  }
  return template.content;
}
