import { SELECTOR_POLLING_MS } from './constants';
import { appendInline } from './flicker';
import { TargetError, type Offer } from './delivery';
import { httpUrl, safeAttribute, safeCss, sanitizedHtml } from './safe-content';

// Applying offers to the page: each action type of docs/wire-formats.md, with the messages of spec §8.
// What an offer may run is decided by the client (`scripts`): `customCode` runs only then, as a
// <script> element carrying the container's CSP nonce (never eval); offer HTML is inserted as
// markup (its <script> elements do not run; inline handlers would, CSP permitting), or, when
// `sanitize`, parsed inert and cleaned first (safe-content.ts). URL-bearing actions take only
// http(s); styles may not fetch.

export interface RenderAction {
  type: string;
  selector?: string;
  content?: unknown;
  cssSelector?: string;
}

const POLL_STEP_MS = 50;

function need<T>(value: T | undefined | null | '', message: string): T {
  if (value === undefined || value === null || value === '') throw new TargetError(message);
  return value;
}

/** Waits (bounded by SELECTOR_POLLING_MS) for the action's element. */
function whenPresent(win: Window & typeof globalThis, selector: string): Promise<Element> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      let el: Element | null = null;
      try {
        el = win.document.querySelector(selector);
      } catch {
        reject(new TargetError(`invalid selector ${selector}`));
        return;
      }
      if (el) resolve(el);
      else if (Date.now() - started >= SELECTOR_POLLING_MS) reject(new TargetError(`selector not found: ${selector}`));
      else win.setTimeout(look, POLL_STEP_MS);
    };
    look();
  });
}

function url(win: Window & typeof globalThis, value: unknown, missing: string): string {
  // Only a string is a URL: an object would become "[object Object]", a relative URL.
  const out = httpUrl(need(typeof value === 'string' ? value : null, missing), win.location.href);
  if (!out) throw new TargetError('Action has an unsafe url: only http(s) is allowed');
  return out;
}

/** The action's content as text; an action without one fails. */
function text(action: RenderAction): string {
  return String(need(action.content as string, 'Action has no content'));
}

/** The HTML actions: where the markup goes, as insertAdjacentHTML and as the node method that puts cleaned markup there. */
const PLACES = new Map<string, readonly [InsertPosition, 'append' | 'prepend' | 'before' | 'after']>([
  ['appendHtml', ['beforeend', 'append']],
  ['prependHtml', ['afterbegin', 'prepend']],
  ['insertBefore', ['beforebegin', 'before']],
  ['insertAfter', ['afterend', 'after']],
  ['replaceHtml', ['beforebegin', 'before']],
]);

/**
 * Applies one action. `scripts`: customCode may run (site setting, offer from an allowed host), as
 * a script carrying `nonce`, the container's CSP nonce; `sanitize`: HTML is cleaned before insertion.
 */
export async function applyAction(win: Window & typeof globalThis, action: unknown, scripts: boolean, sanitize: boolean, nonce: string | undefined, onRedirect: (url: string) => void): Promise<void> {
  // Anything that is not an action (null, a string, an object without a type) fails alone.
  if (!isAction(action)) throw new TargetError('Unexpected error: invalid offer action');
  const type = action.type;
  if (type === 'redirect') {
    onRedirect(url(win, action.content, 'Action has no url'));
    return;
  }
  if (type === 'customCode') {
    if (!scripts) throw new TargetError('customCode is not allowed for this offer');
    appendInline(win.document, 'script', text(action), nonce);
    return;
  }
  const el = await whenPresent(win, need(action.selector ?? action.cssSelector, 'Action has no selector'));
  const place = PLACES.get(type);
  if (place) {
    const markup = text(action);
    if (sanitize) el[place[1]](sanitizedHtml(el.ownerDocument, markup));
    else el.insertAdjacentHTML(place[0], markup);
    if (type === 'replaceHtml') el.remove();
  } else switch (type) {
    case 'setHtml':
      if (sanitize) el.replaceChildren(sanitizedHtml(win.document, text(action)));
      else el.innerHTML = text(action);
      break;
    case 'setText':
      el.textContent = text(action);
      break;
    case 'setAttribute': {
      const attrs = action.content as Record<string, unknown> | undefined;
      if (!attrs || typeof attrs !== 'object' || !Object.keys(attrs).length) throw new TargetError('Action has no attributes');
      const base = win.location.href;
      for (const [k, v] of Object.entries(attrs)) if (!safeAttribute(k, String(v), base)) throw new TargetError(`Action has an unsafe attribute: ${k}`);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
      break;
    }
    case 'setImageSource':
      el.setAttribute('src', url(win, action.content, 'Action has no image url'));
      break;
    case 'setStyle':
    case 'move': {
      const css = action.content as Record<string, unknown> | undefined;
      if (!css || typeof css !== 'object' || !Object.keys(css).filter((k) => k !== 'priority').length) throw new TargetError('Action has no CSS properties');
      const priority = css.priority === 'important' ? 'important' : '';
      for (const [k, v] of Object.entries(css)) if (!safeCss(`${k}:${String(v)}`)) throw new TargetError(`Action has an unsafe style: ${k}`);
      for (const [k, v] of Object.entries(css)) if (k !== 'priority') (el as HTMLElement).style.setProperty(k, String(v), priority);
      break;
    }
    case 'resize': {
      const size = (action.content ?? {}) as { width?: unknown; height?: unknown };
      const sides = (['width', 'height'] as const).filter((side) => size[side] !== undefined);
      if (!sides.length) throw new TargetError('Action has no height or width');
      for (const side of sides) (el as HTMLElement).style.setProperty(side, String(size[side]));
      break;
    }
    case 'rearrange': {
      const { from, to } = (action.content ?? {}) as { from?: unknown; to?: unknown };
      const children = Array.from(el.children);
      if (!children.length) throw new TargetError('Rearrange elements are missing');
      // An index is a number that names a child (not a string, a fraction or one out of range).
      const moving = typeof from === 'number' ? children[from] : undefined;
      const anchor = typeof to === 'number' ? children[to] : undefined;
      if (!moving || !anchor) throw new TargetError('Rearrange has incorrect from and to indexes');
      if ((from as number) < (to as number)) anchor.after(moving);
      else anchor.before(moving);
      break;
    }
    case 'remove':
      el.remove();
      break;
    case 'trackClick':
      // Click tracking is wired by the client, which owns notifications.
      break;
    default:
      throw new TargetError(`Unexpected error: unsupported action type ${type}`);
  }
  if (el.isConnected) el.classList.add('at-element-marker');
}

const isAction = (a: unknown): a is RenderAction => !!a && typeof a === 'object' && typeof (a as RenderAction).type === 'string';

/** Actions of one offer (html offers are appended to the body); an entry that is not an action stays in the list, to fail alone. */
export function actionsOf(offer: Offer): unknown[] {
  if (offer.type === 'actions' && Array.isArray(offer.content)) return offer.content;
  if (offer.type === 'html') return [{ type: 'appendHtml', selector: 'body', content: offer.content }];
  if (offer.type === 'redirect') return [{ type: 'redirect', content: offer.content }];
  return [];
}

/** Marks a failed element (spec §8: failed rendering is marked) when it can be found. */
export function markFailed(win: Window & typeof globalThis, action: unknown, message: string): void {
  try {
    // An entry without a type (an invalid action) is marked too where it names an element.
    const selector = (action as RenderAction | null | undefined)?.selector;
    const el = typeof selector === 'string' && selector ? win.document.querySelector(selector) : null;
    el?.setAttribute('data-at-render-failed', message);
  } catch {
    // An invalid selector has nothing to mark.
  }
}
