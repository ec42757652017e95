import { afterStart } from '../core/after-start';
import { log, say } from '../core/log';
import { Msg } from '../core/messages';
import type { Action } from '../declare/types';
import { consentSlot } from '../consent/gate';
import { noticeBlocked, noticeLanguage, noticeUrl, type NoticeRules, type NoticeUrl } from '../consent/notice';
import { setPageLoadFlag, sizeRequestForms, watchNoticePage, type NoticePageSettings } from '../consent/notice-page';
import type { ConsentService } from '../consent/service';
import { injectScript } from './script';
import { TOOLING } from '../declare/tooling';

// Loads the TrustArc-kind cookie-consent notice (its containers #consent_blackbar and #teconsent
// are created when the page has none) and looks after the page around it. Not on framed pages,
// the long-term-support and plan-site hosts, my-plan / ofr paths, for search crawlers, or where
// consent is skipped.

export interface ConsentNoticeOptions {
  url: NoticeUrl;
  rules: NoticeRules;
  page: NoticePageSettings;
}

function ensureContainer(doc: Document, id: string, atStart: boolean): void {
  if (doc.getElementById(id) || !doc.body) return;
  const div = doc.createElement('div');
  div.id = id;
  doc.body[atStart ? 'prepend' : 'append'](div);
}

function loadNotice(win: Window & typeof globalThis, service: ConsentService | null, options: ConsentNoticeOptions): void {
  const doc = win.document;
  const skipped = !!service?.skipped;
  setPageLoadFlag(doc, options.page.pageLoadCookie, skipped);
  sizeRequestForms(doc, options.page.requestForms);
  if (skipped) return;
  const blocked = noticeBlocked(win, options.rules);
  if (blocked !== null) {
    DEBUG: log.info(`Consent notice not loaded: ${blocked}`);
    return;
  }
  ensureContainer(doc, 'consent_blackbar', true);
  ensureContainer(doc, 'teconsent', false);
  const language = noticeLanguage(win, options.url.canadaPrefixes);
  watchNoticePage(win, options.page, language);
  const src = noticeUrl(options.url, language);
  void injectScript(win, 'necessary', src).catch(() => say(Msg.NoticeFailed, src));
}

/* @__NO_SIDE_EFFECTS__ */
export function loadConsentNotice(options: ConsentNoticeOptions): Action {
  return {
    kind: 'consentNotice',
    params: TOOLING ? { ...options } : {},
    sends: 'necessary',
    run(ctx) {
      // Nothing here is needed by a rule: the flag cookie and the notice's URL are browser round
      // trips (a cookie write read back, the first local-storage read) that cost 2 to 45 ms of a
      // cold load; they wait for the end of start-up with the notice's script, in one task.
      afterStart(ctx.runtime, () => loadNotice(ctx.runtime.win, consentSlot(ctx.runtime).api as ConsentService | null, options));
    },
  };
}
