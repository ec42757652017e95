import { getCookie } from '../core/cookies';
import { nextSlice } from '../core/slices';
import { egressBeacon, egressFetch } from '../core/egress';
import { failure, log, reason, say } from '../core/log';
import { Msg } from '../core/messages';
import { randomHex } from '../identity/ids';
import { MAX_PARAMS, MAX_PARAM_NAME, MAX_PARAM_VALUE, TARGET_TIMEOUT_MS, TARGET_VERSION, URL_SIZE_LIMIT } from './constants';
import { deliver, targetError, type DeliveryResponse, type Offer, type TargetError } from './delivery';
import { allowedEdge } from './edge';
import { fire, type TargetEventType } from './events';
import { hideBody, showBody } from './flicker';
import { readMbox, writeMbox, type MboxEntries } from './mbox-cookie';
import { deliveryProblem, mboxProblem, viewNameProblem, type GetOfferOptions } from './options';
import { actionsOf, applyAction, markFailed } from './render';

// The A/B testing and personalization client (at.js 2.x compatible delivery calls): one per
// page. Inactive unless cookies can be saved and no disable cookie or query parameter is present
// (spec §4). Failures are logged and reported through at-* events; nothing throws into the page.
// Trust boundary (docs/security.md): deliveries go only to allowed edge hosts (edge.ts), and only
// offers this client received from one may run script, if the site allows offer scripts.

export interface TargetConfig {
  edgeHost: string;
  /** Domains whose hosts may serve deliveries besides edgeHost (a response's or the cookie's edge). */
  edgeDomains?: readonly string[];
  /** Offers from an allowed edge host may run customCode (at.js parity); default false. */
  offerScripts?: boolean;
  /** Clean every HTML offer (no handlers, srcdoc, script URLs); untrusted HTML is always cleaned. */
  sanitizeHtml?: boolean;
  clientCode: string;
  /** Library version sent to the edge (default TARGET_VERSION). */
  version?: string;
  /** Cookie and query parameter that disable the library. */
  disable: string;
  /** Whether the visitor opted in (consent); false logs "not opted in" and sends nothing. */
  optedIn?: () => boolean;
  pageLoadEnabled?: boolean;
  viewsEnabled?: boolean;
  /** Body hiding while the page-load request runs. */
  hideBody?: boolean;
}

/** What page code calls on `window.adobe.target` (runtime/actions/targeting-page-load.ts installs it as it is). */
export interface TargetApi {
  getOffer(options: GetOfferOptions): void;
  applyOffer(options: { mbox?: string; selector?: string; offer: Offer[] }): Promise<void>;
  getOffers(options: { request: Record<string, unknown>; timeout?: number }): Promise<DeliveryResponse>;
  applyOffers(options: { response: DeliveryResponse }): Promise<void>;
  trackEvent(options: { mbox: string; params?: Record<string, unknown>; type?: 'display' | 'click' }): void;
  triggerView(name: string): void;
}

export interface TargetClient {
  readonly enabled: boolean;
  pageLoad(parameters: Record<string, unknown>, timeoutMs: number): Promise<void>;
  /** The page's API, apart, so that it is installed whole. */
  readonly api: TargetApi;
  readonly sessionId: string;
}

/** Stringified, non-empty parameters within the delivery API limits. */
export function targetParameters(values: Record<string, unknown> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || name.length > MAX_PARAM_NAME || n >= MAX_PARAMS) continue;
    out[name] = String(value).slice(0, MAX_PARAM_VALUE);
    n++;
  }
  return out;
}

export function createTargetClient(win: Window & typeof globalThis, config: TargetConfig, nonce?: string): TargetClient {
  const doc = win.document;
  const disabledByFlag = getCookie(config.disable, doc) !== undefined || new URLSearchParams(win.location.search).has(config.disable);
  const mbox: MboxEntries = { ...readMbox(doc) };
  const allowed = (host: unknown, from: string): host is string => {
    if (allowedEdge(host, config.edgeHost, config.edgeDomains)) return true;
    DEBUG: log.info(`A/B edge host from the ${from} ignored: ${JSON.stringify(host)} is not an allowed edge host`);
    return false;
  };
  if (mbox.edge !== undefined && !allowed(mbox.edge, 'mbox cookie')) delete mbox.edge;
  mbox.session ??= randomHex(16);
  /** Offers received from an allowed edge host: the only ones that may run script. */
  const trusted = new WeakSet<object>();
  // Writing the session cookie doubles as the "cookies can be saved" check (spec §4).
  const enabled = !disabledByFlag && writeMbox(doc, mbox);
  const sessionId = mbox.session;
  const tracking = () => ({ sessionId, deviceId: mbox.PC });
  const event = (type: TargetEventType, extra: { mbox?: string; message?: string }) => fire(win, type, { ...extra, tracking: tracking() });

  function usable(what: string): boolean {
    if (!enabled) {
      say(Msg.DeliveryDisabled, what, config.disable);
      return false;
    }
    // A switch no project module names is compiled out (runtime/declare/unset-options.ts), here and below.
    if (!__TAGC_UNSET_optedIn__ && config.optedIn && !config.optedIn()) {
      say(Msg.NotOptedIn, what);
      return false;
    }
    return true;
  }

  function url(): string {
    const host = mbox.edge ?? config.edgeHost;
    return `https://${host}/rest/v1/delivery?${new URLSearchParams({ client: config.clientCode, sessionId, version: config.version ?? TARGET_VERSION })}`;
  }

  function body(extra: Record<string, unknown>): Record<string, unknown> {
    const s = win.screen;
    return {
      requestId: randomHex(16),
      context: {
        channel: 'web',
        address: { url: win.location.href, referringUrl: doc.referrer },
        screen: { width: s?.width, height: s?.height, colorDepth: s?.colorDepth, pixelRatio: win.devicePixelRatio, orientation: s && s.width > s.height ? 'landscape' : 'portrait' },
        window: { width: win.innerWidth, height: win.innerHeight },
        browser: { host: win.location.hostname, language: win.navigator.language },
        timeOffsetInMinutes: -new Date().getTimezoneOffset(),
        userAgent: win.navigator.userAgent,
      },
      id: mbox.PC ? { tntId: mbox.PC } : {},
      experienceCloud: { analytics: { logging: 'server_side' } },
      ...extra,
    };
  }

  async function send(extra: Record<string, unknown>, timeoutMs: number, label?: string): Promise<DeliveryResponse> {
    event('at-request-start', { mbox: label });
    try {
      const response = await deliver(win, url(), body(extra), timeoutMs);
      const tnt = response.id?.tntId;
      if (typeof tnt === 'string' && /^[\w.-]{1,128}$/.test(tnt)) mbox.PC = tnt;
      if (response.edgeHost !== undefined && allowed(response.edgeHost, 'response')) mbox.edge = response.edgeHost;
      writeMbox(doc, mbox);
      trustOffers(response);
      event('at-request-succeeded', { mbox: label });
      return response;
    } catch (error) {
      const failure = targetError(error);
      event('at-request-failed', { mbox: label, message: failure.message });
      throw failure;
    }
  }

  // A display notification has no extra fields: spreading undefined adds none.
  function notify(name: string, type: 'display' | 'click', tokens: string[], extra?: Record<string, unknown>): void {
    const payload = body({ notifications: [{ id: randomHex(16), type, timestamp: Date.now(), mbox: { name }, tokens, ...extra }] });
    const text = JSON.stringify(payload);
    try {
      const target = url();
      // Notifications go as a beacon (survives navigation), else a text/plain POST.
      const sent = target.length <= URL_SIZE_LIMIT ? egressBeacon(win, 'performance', target, text) : false;
      if (sent !== false) return;
      void egressFetch(win, 'performance', target, { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' }, keepalive: true }).catch((error: unknown) => say(Msg.TrackEventFailed, reason(error)));
    } catch (error) {
      say(Msg.TrackEventFailed, reason(error));
    }
  }

  function trustOffers(response: DeliveryResponse): void {
    const holders = [response.execute?.pageLoad, ...(response.execute?.mboxes ?? []), ...(response.prefetch?.mboxes ?? [])];
    for (const holder of holders) {
      const list = holder?.options;
      if (Array.isArray(list)) for (const offer of list) if (offer && typeof offer === 'object') trusted.add(offer);
    }
  }

  async function render(offers: unknown, label: string): Promise<void> {
    if (!Array.isArray(offers) || !offers.length) {
      event('at-content-rendering-no-offers', { mbox: label });
      return;
    }
    event('at-content-rendering-start', { mbox: label });
    let failed = 0;
    for (const offer of offers) {
      const actions = offer && typeof offer === 'object' ? actionsOf(offer as Offer) : [offer];
      const scripts = !!config.offerScripts && trusted.has(offer as object);
      const sanitize = !!config.sanitizeHtml || !scripts;
      for (const action of actions) {
        try {
          await applyAction(win, action, scripts, sanitize, nonce, (to) => {
            event('at-content-rendering-redirect', { mbox: label, message: to });
            win.location.replace(to);
          });
        } catch (error) {
          failed++;
          const message = targetError(error).message;
          markFailed(win, action, message);
          say(Msg.RenderingFailed, label, message);
          event('at-content-rendering-failed', { mbox: label, message });
        }
      }
    }
    if (!failed) event('at-content-rendering-succeeded', { mbox: label });
    // A primitive entry has no eventToken (reading one from it gives undefined).
    const tokens = offers.map((o) => (o as Offer | null | undefined)?.eventToken).filter((t): t is string => typeof t === 'string');
    if (tokens.length) notify(label, 'display', tokens);
  }

  return {
    enabled,
    sessionId,
    async pageLoad(parameters, timeoutMs) {
      if (!usable('page load')) return;
      if (!__TAGC_UNSET_pageLoadEnabled__ && config.pageLoadEnabled === false) {
        say(Msg.PageLoadDisabled);
        return;
      }
      if (__TAGC_UNSET_hideBody__ || config.hideBody !== false) hideBody(doc, nonce);
      const unhide = win.setTimeout(() => showBody(doc), timeoutMs);
      try {
        // The body is hidden now; the request leaves first thing in start-up's next task. Its
        // parameters are read here, where a throwing one fails this action as before.
        const request = { execute: { pageLoad: { parameters: targetParameters(parameters) } } };
        const response = await new Promise<DeliveryResponse>((sent, failed) => nextSlice(() => send(request, timeoutMs, 'target-global-mbox').then(sent, failed)));
        await render(response.execute?.pageLoad?.options, 'target-global-mbox');
      } catch (error) {
        say(Msg.TargetingFailed, reason(error));
      } finally {
        win.clearTimeout(unhide);
        showBody(doc);
      }
    },
    // The page's window.adobe.target, installed as it is (runtime/actions/targeting-page-load.ts).
    api: {
      getOffer(options) {
        const problem = mboxProblem(options, true);
        if (problem) {
          say(problem);
          return;
        }
        if (!usable(options.mbox)) {
          options.error('error', 'content delivery is disabled');
          return;
        }
        send({ execute: { mboxes: [{ index: 0, name: options.mbox, parameters: targetParameters(options.params) }] } }, options.timeout ?? TARGET_TIMEOUT_MS, options.mbox).then(
          (r) => options.success(r.execute?.mboxes?.find((m) => m.name === options.mbox)?.options ?? []),
          (e: TargetError) => options.error(e.kind === 'timeout' ? 'timeout' : 'error', e.message),
        ).catch((error: unknown) => say(Msg.TargetCallbackFailed, reason(error)));
      },
      async applyOffer(options) {
        const problem = mboxProblem({ mbox: options?.mbox ?? 'target-global-mbox' });
        if (problem || !Array.isArray(options?.offer)) {
          say(problem ?? Msg.NoOffer);
          return;
        }
        await render(options.offer, options.mbox ?? 'target-global-mbox');
      },
      async getOffers(options) {
        const problem = deliveryProblem(options, 'get');
        if (problem) throw failure(problem);
        if (!usable('getOffers')) throw new Error('content delivery is disabled');
        return send(options.request, options.timeout ?? TARGET_TIMEOUT_MS);
      },
      async applyOffers(options) {
        const problem = deliveryProblem(options, 'apply');
        if (problem) {
          say(problem);
          return;
        }
        await render(options.response.execute?.pageLoad?.options, 'target-global-mbox');
        for (const m of options.response.execute?.mboxes ?? []) await render(m.options, m.name);
      },
      trackEvent(options) {
        const problem = mboxProblem(options);
        if (problem) {
          say(problem);
          return;
        }
        if (!usable(options.mbox)) return;
        notify(options.mbox, options.type ?? 'click', [], { parameters: targetParameters(options.params) });
      },
      triggerView(name) {
        const problem = viewNameProblem(name);
        if (problem) say(problem);
        else if (__TAGC_UNSET_viewsEnabled__ || !config.viewsEnabled) say(Msg.ViewsDisabled);
      },
    },
  };
}
