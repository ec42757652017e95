import type { Action, DataElementRef } from '../declare/types';
import { say } from '../core/log';
import { Msg } from '../core/messages';
import { createTargetClient, type TargetClient, type TargetConfig } from '../target/client';
import { TARGET_VERSION } from '../target/constants';
import { fire } from '../target/events';
import { pageNonce } from './script';
import { TOOLING } from '../declare/tooling';

// The targeting service's page-load request (spec §7; delivery API of docs/wire-formats.md): one POST
// per page with the personalization parameters, bounded by a short timeout so a slow edge never
// holds the page; its offers are rendered (runtime/target). The client is also offered to page
// code as `window.adobe.target` unless the page already has one (spec §8 "already initialized").

/** The A/B client's switches (spec §8 messages "not opted in", "Page load disabled", "Views are not enabled") pass through as they are. */
export interface TargetingOptions extends Pick<TargetConfig, 'optedIn' | 'pageLoadEnabled' | 'viewsEnabled' | 'hideBody'> {
  edgeHost: string;
  /** Domains whose hosts may also serve deliveries (an edge host named by a response or the mbox cookie). */
  edgeDomains: readonly string[];
  /** Whether offers from an allowed edge host may run customCode (at.js parity); an explicit site decision. */
  offerScripts: boolean;
  /** Clean every HTML offer (no handlers, srcdoc, script URLs). Untrusted HTML is always cleaned. */
  sanitizeHtml?: boolean;
  clientCode: string;
  version: string;
  /** Abort after this many ms (spec §7: 1 s). */
  timeout: number;
  /** Page-load parameters by name; values may be `de()` references. Empty values are left out. */
  parameters: Record<string, DataElementRef | string>;
  /** Cookie / query parameter that disables the request. */
  disable: string;
}

/**
 * The page's A/B client, offered to page code unless it is disabled. Given to service() by name:
 * swc writes a function called once where it is called, which was inside the project function
 * (the rule's action), 30 KB from the A/B modules it resembles; a function passed by name stays
 * where it is declared (prod -20 B gzip -9).
 */
function targetService(win: Window & typeof globalThis, options: TargetingOptions): TargetClient {
  // The options are the client's config (the fields it reads have the same names).
  const client = createTargetClient(win, options, pageNonce(win.document));
  if (client.enabled) install(win, client);
  return client;
}

function install(win: Window & typeof globalThis, client: TargetClient): void {
  const host = win as unknown as { adobe?: { target?: { __tagc?: boolean } & Record<string, unknown> } };
  if (host.adobe?.target) {
    if (!host.adobe.target.__tagc) say(Msg.TargetAlreadyLoaded);
    return;
  }
  // Spreading a missing adobe object adds nothing (no ?? {} needed).
  host.adobe = { ...host.adobe, target: { __tagc: true, VERSION: TARGET_VERSION, ...client.api } };
  fire(win, 'at-library-loaded', { tracking: { sessionId: client.sessionId } });
}

/* @__NO_SIDE_EFFECTS__ */
export function loadTargeting(options: TargetingOptions): Action {
  return {
    kind: 'targetingPageLoad',
    params: TOOLING ? { ...options } : {},
    sends: 'performance',
    // Not awaited by the dispatcher: the request has its own timeout and must not hold the
    // data-layer queue (the page view that follows).
    run(ctx) {
      const win = ctx.runtime.win;
      const client = ctx.runtime.service('target', targetService, win, options);
      void client.pageLoad(ctx.value(options.parameters) as Record<string, unknown>, options.timeout);
    },
  };
}
