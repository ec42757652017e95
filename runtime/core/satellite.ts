import type { RuntimeServices } from '../declare/types';
import { firePageBottom } from '../events/page-bottom';
import type { TagcApi } from './api';
import { getCookie, readCookies, removeCookie, setCookie } from './cookies';
import { log, say } from './log';
import { Msg } from './messages';
import type { Monitor, RuleEvent } from './monitor';

// `window._satellite`: the page API of Adobe Launch, so page code written for Launch keeps
// working. It is `window.tagc` under Launch's names (one implementation), plus Launch's cookie
// helper, logger, environment and `_monitors` hooks with Turbine's argument shapes.

type Hooks = Record<string, ((e: unknown) => void) | undefined>;

/** What a page may have put on `window._satellite` before the bundle loads (`_monitors`). */
export interface SatelliteHost {
  _monitors?: unknown;
  [key: string]: unknown;
}


interface CookieAttributes {
  /** Days, or a date (js-cookie's `expires`). */
  expires?: number | Date;
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** Launch's `_satellite.cookie` (js-cookie's get / set / remove). */
const cookie: Satellite['cookie'] = {
  get: (name?: string) => (name === undefined ? { ...readCookies() } : getCookie(name)),
  set(name: string, value: unknown, a: CookieAttributes = {}) {
    // js-cookie's expires is a Date or a number of days; the cookie's lifetime is in seconds.
    const e = a.expires;
    setCookie(name, String(value), { ...a, maxAge: e instanceof Date ? (e.getTime() - Date.now()) / 1000 : e === undefined ? undefined : e * 86400 });
  },
  remove: (name: string, a: Pick<CookieAttributes, 'path' | 'domain'> = {}) => removeCookie(name, a),
};

/** `window._satellite` as page code sees it. */
export interface Satellite extends SatelliteHost {
  track: TagcApi['track'];
  getVar: TagcApi['getVar'];
  setVar: TagcApi['setVar'];
  setDebug(on: boolean): void;
  pageBottom(): void;
  cookie: {
    get(name?: string): string | undefined | Record<string, string>;
    set(name: string, value: unknown, attributes?: CookieAttributes): void;
    remove(name: string, attributes?: Pick<CookieAttributes, 'path' | 'domain'>): void;
  };
  logger: Record<'log' | 'info' | 'warn' | 'error' | 'debug', (...args: unknown[]) => void>;
  buildInfo: TagcApi['buildInfo'] & { buildDate: string; minified: boolean };
  environment: { id: string; stage: 'development' | 'staging' | 'production' };
}

/** Launch's stage of this build's environment (a constant per bundle). */
const STAGE: Satellite['environment']['stage'] =
  __TAGC_ENV__ === 'prod' || __TAGC_ENV__ === 'internal' ? 'production' : __TAGC_ENV__ === 'stg' ? 'staging' : 'development';

const silent = () => {};

/** `_satellite.logger`: custom code's messages, printed while debug is on (as Launch does); silent where debug is compiled out. */
function logger(api: TagcApi): Satellite['logger'] {
  const level = (name: 'info' | 'warn' | 'error' | 'debug') =>
    __TAGC_DEBUG__
      ? (...args: unknown[]) => {
          if (api.debug()) log[name]('[Custom Script]', ...args);
        }
      : silent;
  return { log: level('info'), info: level('info'), warn: level('warn'), error: level('error'), debug: level('debug') };
}

/**
 * Forwards tagc's monitor hooks to `_satellite._monitors`, read at each call as Turbine does, with
 * Turbine's argument shapes: `{ rule }`, plus `condition` or `action` (`{ modulePath, index }`).
 */
export function launchMonitors(host: SatelliteHost): Monitor {
  const call = (hook: string, e: object) => {
    const list = host._monitors;
    if (!Array.isArray(list)) return;
    for (const m of list as Hooks[]) {
      try {
        m?.[hook]?.(e);
      } catch {
        // A broken monitor must not affect rules.
      }
    }
  };
  const rule = (e: RuleEvent) => ({ id: e.rule, name: e.rule });
  const launchHook = { ruleTriggered: 'ruleTriggered', ruleSkipped: 'ruleConditionFailed', ruleCompleted: 'ruleCompleted', actionFailed: 'ruleActionFailed' } as Record<string, string>;
  return {
    // Only while the page has a Launch monitor for it (a skipped rule's explanation costs work).
    listening: (hook) => Array.isArray(host._monitors) && (host._monitors as Hooks[]).some((m) => typeof m?.[launchHook[hook] ?? ''] === 'function'),
    ruleTriggered: (e) => call('ruleTriggered', { rule: rule(e) }),
    ruleSkipped: (e) => call('ruleConditionFailed', { rule: rule(e), condition: { modulePath: e.condition, index: e.index }, explain: e.explain }),
    ruleCompleted: (e) => call('ruleCompleted', { rule: rule(e) }),
    actionFailed: (e) => call('ruleActionFailed', { rule: rule(e), action: { modulePath: e.action, index: e.index }, error: e.error }),
  };
}

/**
 * Fills `window._satellite` (keeping what the page put there, such as `_monitors`) from the tagc
 * API. Returns null, leaving it alone, where Adobe's own library has loaded on the page.
 */
export function installSatellite(win: Window & typeof globalThis, api: TagcApi, services: RuntimeServices): Satellite | null {
  const host = win as unknown as { _satellite?: unknown; __satelliteLoaded?: unknown };
  if (host.__satelliteLoaded) {
    say(Msg.SatelliteIsLaunch);
    return null;
  }
  const page: SatelliteHost = host._satellite && typeof host._satellite === 'object' ? (host._satellite as SatelliteHost) : {};
  const b = api.buildInfo;
  const parts: Satellite = {
    track: api.track,
    getVar: api.getVar,
    setVar: api.setVar,
    setDebug: (on: unknown) => void api.debug(!!on),
    pageBottom: () => firePageBottom(services),
    cookie,
    logger: logger(api),
    buildInfo: { ...b, buildDate: b.buildTime, minified: true },
    environment: { id: b.environment, stage: STAGE },
  };
  const sat: Satellite = Object.assign(page, parts);
  host._satellite = sat;
  return sat;
}
