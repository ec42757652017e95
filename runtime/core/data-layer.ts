import type { JsonState } from '../declare/types';
import { forgetCookies, getCookie } from './cookies';
import { log, reason } from './log';
import { getPath, isPlainObject, merge, sanitize, TooLarge } from './merge';

// `window.appEventData`: entries pushed before the bundle loaded are processed in order, later
// pushes are intercepted. Each entry is sanitised (no prototype keys, no throwing getters, bounded
// depth) before it reaches the state or a rule, and a bad entry never stops the next one.

export const DATA_LAYER = 'appEventData';
/** How often the manager checks that `appEventData` is still its array (spec §9). */
export const OVERWRITE_CHECK_MS = 2500;
/** How often initialisation looks for the consent cookie it waits for. */
export const CONSENT_POLL_MS = 250;
export const OVERWRITTEN = 'Management Functionality Severed... Data Layer has been overwritten!';
export interface DataLayerHooks {
  /** Called with each named event before its dispatch (validation, reset, process state). */
  beforeEvent?(name: string, payload: JsonState): void;
  dispatch(name: string, payload: JsonState, state: JsonState): void;
  /** Events before which the computed state is cleared (spec §4). */
  resetBefore?: readonly string[];
}

export interface DataLayer {
  readonly array: unknown[];
  state(): JsonState;
  /** Replaces the computed state (the reset before configured events). */
  reset(): void;
  push(entry: unknown): void;
}

export function attachDataLayer(win: Window & typeof globalThis, hooks: DataLayerHooks): DataLayer | null {
  const host = win as unknown as Record<string, unknown>;
  if (host[DATA_LAYER] === undefined) host[DATA_LAYER] = [];
  const array = host[DATA_LAYER];
  if (!Array.isArray(array)) {
    log.error('Data layer must be an Array');
    return null;
  }
  let state: JsonState = {};
  const resetBefore = new Set(hooks.resetBefore ?? []);

  /** `appEventData.getState(path?)`: the computed state, or one value of it; a bad path is logged. */
  function getState(path?: unknown): unknown {
    if (path === undefined) return state;
    if (typeof path !== 'string' || !/^[^.\s]+(\.[^.\s]+)*$/.test(path)) {
      log.error(`Invalid path: ${typeof path === 'string' ? JSON.stringify(path) : typeof path}`);
      return undefined;
    }
    return getPath(state, path);
  }

  function handle(entry: unknown): void {
    if (typeof entry === 'function') {
      // A pushed function is called with the data layer's state reader (the EDDL/ACDL convention).
      try {
        entry({ getState });
      } catch (error) {
        log.error(`Data layer callback error: ${reason(error)}`);
      }
      return;
    }
    if (!isPlainObject(entry)) {
      log.error('EVENT NAME VALIDATION FAILED: Missing event name');
      return;
    }
    let payload: JsonState;
    try {
      payload = sanitize(entry) as JsonState;
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      log.error(`Data layer entry dropped: ${error.message} (shared references?)`);
      return;
    }
    const name = payload.event;
    if (typeof name !== 'string' || name.trim() === '') {
      log.error('EVENT NAME VALIDATION FAILED: Missing event name');
      state = merge(state, payload, 'event');
      return;
    }
    if (resetBefore.has(name)) state = {};
    try {
      hooks.beforeEvent?.(name, payload);
    } catch (error) {
      // Validation trouble must not cost the event its rules.
      log.error(`Unexpected error before "${name}": ${reason(error)}`);
    }
    state = merge(state, payload, 'event');
    hooks.dispatch(name, payload, state);
  }

  function safeHandle(entry: unknown): void {
    try {
      handle(entry);
    } catch (error) {
      log.error(`Unexpected error while processing a data layer entry: ${reason(error)}`);
    }
  }

  const pending = array.slice();
  const nativePush = Array.prototype.push;
  Object.defineProperty(array, 'getState', { configurable: true, enumerable: false, writable: true, value: getState });
  Object.defineProperty(array, 'push', {
    configurable: true,
    enumerable: false,
    writable: true,
    value: function push(this: unknown[], ...items: unknown[]): number {
      const length = nativePush.apply(this, items);
      for (const item of items) safeHandle(item);
      return length;
    },
  });
  for (const entry of pending) safeHandle(entry);

  return {
    array,
    state: () => state,
    reset() {
      state = {};
    },
    push: (entry) => {
      array.push(entry);
    },
  };
}

/** The array pages push to, created if the page has none yet (pushes wait there until the manager attaches). */
export function dataLayerArray(win: Window & typeof globalThis): unknown {
  const host = win as unknown as Record<string, unknown>;
  if (host[DATA_LAYER] === undefined) host[DATA_LAYER] = [];
  return host[DATA_LAYER];
}

/**
 * Checks every 2.5 s that `appEventData` is still the managed array; when a page script has
 * replaced it, pushes no longer reach tagc: log once and stop checking. Returns a stop function.
 */
export function monitorOverwrite(win: Window & typeof globalThis, array: unknown[]): () => void {
  const host = win as unknown as Record<string, unknown>;
  const timer = win.setInterval(() => {
    let replaced: boolean;
    try {
      replaced = host[DATA_LAYER] !== array;
    } catch {
      replaced = true; // a throwing getter is an overwrite too
    }
    if (replaced) {
      win.clearInterval(timer);
      log.error(OVERWRITTEN);
    }
  }, OVERWRITE_CHECK_MS);
  return () => win.clearInterval(timer);
}

/**
 * Runs `attach` once the consent cookie exists (checked now, then every 250 ms); with no cookie
 * configured, at once. Entries pushed meanwhile stay in the array and are processed in order
 * when the data layer attaches.
 */
export function whenConsentCookie(win: Window & typeof globalThis, cookieName: string | null | undefined, attach: () => void): void {
  const present = () => {
    try {
      // The cookie is the page's (its consent banner's) to write: never an earlier read's jar.
      forgetCookies();
      return getCookie(cookieName!, win.document) !== undefined;
    } catch {
      return false;
    }
  };
  const run = () => {
    try {
      attach();
    } catch (error) {
      log.error(`Unexpected error: ${reason(error)}`);
    }
  };
  if (!cookieName || present()) return run();
  DEBUG: log.info(`Data layer waits for the consent cookie ${cookieName}`);
  const timer = win.setInterval(() => {
    if (!present()) return;
    win.clearInterval(timer);
    run();
  }, CONSENT_POLL_MS);
}
