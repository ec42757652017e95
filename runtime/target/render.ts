import { SELECTOR_POLLING_MS } from './constants';
import type { Offer } from './delivery';

// Applying offers to the page: each action type of docs/wire-formats.md, with the messages of spec §8.
// Offer HTML is inserted as markup (its scripts do not run); `customCode` is the one action that
// runs server-sent code, as a <script> element carrying the container's CSP nonce, never eval.

export interface RenderAction {
  type: string;
  selector?: string;
  content?: unknown;
  cssSelector?: string;
}

export class RenderError extends Error {}

const POLL_STEP_MS = 50;

function need<T>(value: T | undefined | null | '', message: string): T {
  if (value === undefined || value === null || value === '') throw new RenderError(message);
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
        reject(new RenderError(`invalid selector ${selector}`));
        return;
      }
      if (el) resolve(el);
      else if (Date.now() - started >= SELECTOR_POLLING_MS) reject(new RenderError(`selector not found: ${selector}`));
      else win.setTimeout(look, POLL_STEP_MS);
    };
    look();
  });
}

function html(el: Element, where: InsertPosition, content: unknown): void {
  el.insertAdjacentHTML(where, String(need(content as string, 'Action has no content')));
}

export async function applyAction(win: Window & typeof globalThis, action: RenderAction, nonce: string | undefined, onRedirect: (url: string) => void): Promise<void> {
  const type = action.type;
  if (type === 'redirect') {
    onRedirect(String(need(action.content as string, 'Action has no url')));
    return;
  }
  if (type === 'customCode') {
    const code = String(need(action.content as string, 'Action has no content'));
    const script = win.document.createElement('script');
    if (nonce) script.nonce = nonce;
    script.textContent = code;
    (win.document.head ?? win.document.documentElement).appendChild(script);
    return;
  }
  const el = await whenPresent(win, need(action.selector ?? action.cssSelector, 'Action has no selector'));
  switch (type) {
    case 'setHtml':
      el.innerHTML = String(need(action.content as string, 'Action has no content'));
      break;
    case 'setText':
      el.textContent = String(need(action.content as string, 'Action has no content'));
      break;
    case 'appendHtml':
      html(el, 'beforeend', action.content);
      break;
    case 'prependHtml':
      html(el, 'afterbegin', action.content);
      break;
    case 'insertBefore':
      html(el, 'beforebegin', action.content);
      break;
    case 'insertAfter':
      html(el, 'afterend', action.content);
      break;
    case 'replaceHtml':
      html(el, 'beforebegin', action.content);
      el.remove();
      break;
    case 'setAttribute': {
      const attrs = action.content as Record<string, unknown> | undefined;
      if (!attrs || typeof attrs !== 'object' || !Object.keys(attrs).length) throw new RenderError('Action has no attributes');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
      break;
    }
    case 'setImageSource':
      el.setAttribute('src', String(need(action.content as string, 'Action has no image url')));
      break;
    case 'setStyle':
    case 'move': {
      const css = action.content as Record<string, unknown> | undefined;
      if (!css || typeof css !== 'object' || !Object.keys(css).filter((k) => k !== 'priority').length) throw new RenderError('Action has no CSS properties');
      const priority = css.priority === 'important' ? 'important' : '';
      for (const [k, v] of Object.entries(css)) if (k !== 'priority') (el as HTMLElement).style.setProperty(k, String(v), priority);
      break;
    }
    case 'resize': {
      const size = (action.content ?? {}) as { width?: unknown; height?: unknown };
      if (size.width === undefined && size.height === undefined) throw new RenderError('Action has no height or width');
      if (size.width !== undefined) (el as HTMLElement).style.setProperty('width', String(size.width));
      if (size.height !== undefined) (el as HTMLElement).style.setProperty('height', String(size.height));
      break;
    }
    case 'rearrange': {
      const { from, to } = (action.content ?? {}) as { from?: unknown; to?: unknown };
      const children = Array.from(el.children);
      if (!children.length) throw new RenderError('Rearrange elements are missing');
      if (typeof from !== 'number' || typeof to !== 'number' || from < 0 || to < 0 || from >= children.length || to >= children.length) {
        throw new RenderError('Rearrange has incorrect from and to indexes');
      }
      const moving = children[from];
      if (from < to) children[to].after(moving);
      else children[to].before(moving);
      break;
    }
    case 'remove':
      el.remove();
      break;
    case 'trackClick':
      // Click tracking is wired by the client, which owns notifications.
      break;
    default:
      throw new RenderError(`Unexpected error: unsupported action type ${type}`);
  }
  if (el.isConnected) el.classList.add('at-element-marker');
}

/** Actions of one offer; html offers are appended to the body. */
export function actionsOf(offer: Offer): RenderAction[] {
  if (offer.type === 'actions' && Array.isArray(offer.content)) return offer.content as RenderAction[];
  if (offer.type === 'html') return [{ type: 'appendHtml', selector: 'body', content: offer.content }];
  if (offer.type === 'redirect') return [{ type: 'redirect', content: offer.content }];
  return [];
}

/** Marks a failed element (spec §8: failed rendering is marked) when it can be found. */
export function markFailed(win: Window & typeof globalThis, action: RenderAction, message: string): void {
  try {
    const el = action.selector ? win.document.querySelector(action.selector) : null;
    el?.setAttribute('data-at-render-failed', message);
  } catch {
    // An invalid selector has nothing to mark.
  }
}
