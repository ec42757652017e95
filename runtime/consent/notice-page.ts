import { setCookie } from '../core/cookies';
import { poll, type Polled } from './poll';

// What the notice needs from the page around it (spec §9): its link and buttons are found by
// bounded polling, the banner is styled after a short delay and floating buttons are moved clear
// of it, a page-load flag cookie marks the page, privacy request forms get their iframe height.

export interface NoticePageSettings {
  /** The notice's link inside #teconsent: polled every `every` ms up to `times`. */
  link: Polled;
  /** The banner's translated text: polled, then the banner carries the notice language. */
  translation: Polled;
  /** The banner's accept / decline buttons. */
  buttons: Polled;
  /** Delay before the banner is styled and floating buttons are lifted. */
  stylingDelay: number;
  banner: string;
  /** Floating buttons lifted by `offset` px while the banner shows. */
  lift: readonly { selector: string; offset: number }[];
  /** Page-load flag cookie: seconds, shorter where consent is skipped. */
  pageLoadCookie: { name: string; seconds: number; skippedSeconds: number };
  /** Privacy request form iframes and their height in px. */
  requestForms: { selector: string; height: number };
}

export function setPageLoadFlag(doc: Document, s: NoticePageSettings['pageLoadCookie'], skipped: boolean): void {
  setCookie(s.name, '1', { maxAge: skipped ? s.skippedSeconds : s.seconds }, doc);
}

export function sizeRequestForms(doc: Document, s: NoticePageSettings['requestForms']): void {
  doc.querySelectorAll<HTMLIFrameElement>(s.selector).forEach((f) => {
    f.style.height = `${s.height}px`;
    f.setAttribute('height', String(s.height));
  });
}

/** Marks the notice's parts as they appear and styles its banner; every poll and the timer end on their own. */
export function watchNoticePage(win: Window & typeof globalThis, s: NoticePageSettings, language: string): void {
  const doc = win.document;
  poll(win, s.link, ([link]) => {
    if (!link) return false;
    link.setAttribute('role', 'button');
    if (!link.hasAttribute('tabindex')) link.setAttribute('tabindex', '0');
    return true;
  });
  poll(win, s.translation, ([text]) => {
    if (!text || !text.textContent?.trim()) return false;
    text.setAttribute('lang', language);
    return true;
  });
  poll(win, s.buttons, (buttons) => {
    if (!buttons.length) return false;
    buttons.forEach((b) => b.setAttribute('type', 'button'));
    return true;
  });
  win.setTimeout(() => {
    const banner = doc.querySelector<HTMLElement>(s.banner);
    if (!banner || !banner.childElementCount) return;
    banner.style.position = 'fixed';
    banner.style.bottom = '0';
    banner.style.width = '100%';
    banner.style.zIndex = '2147483000';
    for (const l of s.lift) {
      doc.querySelectorAll<HTMLElement>(l.selector).forEach((el) => (el.style.bottom = `${l.offset}px`));
    }
  }, s.stylingDelay);
}
