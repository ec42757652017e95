import { webUrl } from '../core/egress';

// The anchor-click delay (spec §9: configurable; 500 ms for promotions): a same-window link is held
// back for a moment so that its beacon leaves before the page unloads, then followed. Clicks the
// page already handled (defaultPrevented: e.g. a client-side router), modified clicks (new tab),
// other targets, downloads and in-page anchors are left alone.

type Win = Window & typeof globalThis;

/** The link a click would follow in this window, or null. */
export function followedLink(win: Win, ev: MouseEvent, el: Element | null): URL | null {
  const anchor = el?.closest('a[href], area[href]') as HTMLAnchorElement | null | undefined;
  if (!anchor || ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return null;
  const target = anchor.getAttribute('target');
  if ((target && target.toLowerCase() !== '_self') || anchor.hasAttribute('download')) return null;
  const url = webUrl(anchor.getAttribute('href') ?? '', win.location.href);
  if (!url) return null;
  // An in-page anchor: the page's own address with the link's fragment.
  if (url.hash && new URL(url.hash, win.location.href).href === url.href) return null;
  return url;
}

/** Holds the click's navigation for `ms` and then follows the link; returns true when it did. */
export function delayNavigation(win: Win, ev: MouseEvent, el: Element | null, ms: number): boolean {
  if (!(ms > 0)) return false;
  const url = followedLink(win, ev, el);
  if (!url) return false;
  ev.preventDefault();
  win.setTimeout(() => {
    try {
      win.location.assign(url.href);
    } catch {
      // A page that blocks navigation keeps its own behaviour.
    }
  }, ms);
  return true;
}
