import type { JsonState } from '../declare/types';
import { log, reason, say } from './log';
import { Msg } from './messages';
import { getPath, isPlainObject, mapValues, merge, sanitize, TooLarge } from './merge';

// `window.appEventData`: entries pushed before the bundle loaded are processed in order, later
// pushes are intercepted. Each entry is sanitised (no prototype keys, no throwing getters, bounded
// depth) before it reaches the state or a rule, and a bad entry never stops the next one.

export const DATA_LAYER = 'appEventData';
/** How often the manager checks that `appEventData` is still its array (spec §9). */
export const OVERWRITE_CHECK_MS = 2500;
/** How often initialisation looks for the consent cookie it waits for. */
export const CONSENT_POLL_MS = 250;
export interface DataLayer {
  state(): JsonState;
  push(entry: unknown): void;
}

/** Entries pushed before the manager attached that it reads at most (a hostile length). */
const MAX_QUEUED = 1000;

/** Gives `take` the entries of a page's array from index `from`, each read on its own (a Proxy or getter may throw), all read before the first is taken; the next index. */
function takeEntries(array: unknown[], from: number, take: (entry: unknown) => void): number {
  const entries: unknown[] = [];
  let n = from;
  try {
    n = array.length;
    if (n - from > MAX_QUEUED) {
      say(Msg.QueueTooLong, DATA_LAYER, n - from, MAX_QUEUED);
      n = from + MAX_QUEUED;
    }
  } catch {
    return from;
  }
  for (let i = from; i < n; i++) {
    try {
      entries.push(array[i]);
    } catch {
      // An unreadable slot is skipped alone.
    }
  }
  entries.forEach(take);
  return Math.max(n, from);
}

/**
 * Takes over `window.appEventData`: each named event goes to `dispatch` with the state computed
 * before it, after `validate` (payload validation: only bundles that validate pass it,
 * __TAGC_VALIDATE__); the state is cleared before the events of `resetBefore` (spec §4).
 */
export function attachDataLayer(
  win: Window & typeof globalThis,
  dispatch: (name: string, payload: JsonState, state: JsonState) => void,
  resetBefore: readonly string[] = [],
  validate?: (name: string, payload: JsonState) => void,
): DataLayer | null {
  const host = win as unknown as Record<string, unknown>;
  // Not readable: a throwing getter, or a revoked Proxy that Array.isArray throws on (taken over below).
  let readable = true;
  let found: unknown;
  let isArray = false;
  try {
    found = host[DATA_LAYER];
    isArray = Array.isArray(found);
  } catch {
    readable = false;
  }
  if (readable && found !== undefined && !isArray) {
    say(Msg.NotAnArray);
    return null;
  }
  const source = isArray ? (found as unknown[]) : null;
  let state: JsonState = {};
  const resets = new Set(resetBefore);

  /** `appEventData.getState(path?)`: the computed state, or one value of it; a bad path is logged. */
  function getState(path?: unknown): unknown {
    if (path === undefined) return state;
    if (typeof path !== 'string' || !/^[^.\s]+(\.[^.\s]+)*$/.test(path)) {
      say(Msg.InvalidPath, typeof path === 'string' ? JSON.stringify(path) : typeof path);
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
        say(Msg.CallbackFailed, reason(error));
      }
      return;
    }
    if (!isPlainObject(entry)) {
      say(Msg.MissingEventName);
      return;
    }
    let payload: JsonState;
    try {
      payload = sanitize(entry) as JsonState;
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      say(Msg.EntryDropped, error.message);
      return;
    }
    const name = payload.event;
    if (typeof name !== 'string' || name.trim() === '') {
      say(Msg.MissingEventName);
      state = merge(state, payload, 'event');
      return;
    }
    if (resets.has(name)) state = {};
    // The hook is payload validation: bundles that do not validate carry none of this.
    if (__TAGC_VALIDATE__) {
      try {
        validate?.(name, payload);
      } catch (error) {
        // Validation trouble must not cost the event its rules.
        say(Msg.FailedBeforeEvent, name, reason(error));
      }
    }
    state = merge(state, payload, 'event');
    dispatch(name, payload, state);
  }

  function safeHandle(entry: unknown): void {
    try {
      handle(entry);
    } catch (error) {
      say(Msg.EntryFailed, reason(error));
    }
  }

  const nativePush = Array.prototype.push;
  function push(this: unknown[], ...items: unknown[]): number {
    const length = nativePush.apply(this, items);
    for (const item of items) safeHandle(item);
    return length;
  }

  const pending: unknown[] = [];
  const queued = source ? takeEntries(source, 0, (entry) => void pending.push(entry)) : 0;
  let array = source;
  let onWindow = !!source;
  if (!source || !wrap(source, push, getState)) {
    // Frozen, sealed, a fixed `push`, a hostile Proxy or a throwing getter: take over with a
    // fresh array that keeps the queued entries, and read later pushes to the old one by polling.
    if (source || !readable) say(source ? Msg.NotWrapped : Msg.NotRead, DATA_LAYER);
    array = pending.slice();
    wrap(array, push, getState);
    onWindow = install(win, array);
    if (source) pollGrowth(win, source, queued, safeHandle);
  }
  for (const entry of pending) safeHandle(entry);

  const managed = array!;
  // Where window.appEventData holds the array, a page that replaces it is told of (else there is nothing to watch).
  if (onWindow) monitorOverwrite(win, managed);
  return {
    state: () => state,
    push: (entry) => {
      managed.push(entry);
    },
  };
}

/** Defines each of `values` on `target` as a writable, configurable data property (wrap's two hidden methods, install's visible array). */
function defineData(target: object, values: Record<string, unknown>, enumerable: boolean): void {
  Object.defineProperties(target, mapValues(values, (value): PropertyDescriptor => ({ configurable: true, enumerable, writable: true, value })));
}

/** Installs tagc's push and getState on an array; false when the array refuses them. */
function wrap(array: unknown[], push: (...items: unknown[]) => number, getState: (path?: unknown) => unknown): boolean {
  try {
    defineData(array, { getState, push }, false);
    return array.push === push;
  } catch {
    return false;
  }
}

/** Puts `array` on the window as `appEventData`; false when the page's property cannot be replaced. */
function install(win: Window & typeof globalThis, array: unknown[]): boolean {
  const host = win as unknown as Record<string, unknown>;
  try {
    host[DATA_LAYER] = array;
    if (host[DATA_LAYER] === array) return true;
  } catch {
    // A throwing or missing setter: define the property instead.
  }
  try {
    defineData(win, { [DATA_LAYER]: array }, true);
    return host[DATA_LAYER] === array;
  } catch {
    say(Msg.NotReplaceable, DATA_LAYER);
    return false;
  }
}

/** Reads entries appended to an array tagc could not wrap (page code holding the old reference). */
function pollGrowth(win: Window & typeof globalThis, array: unknown[], from: number, handle: (entry: unknown) => void): void {
  try {
    if (!Object.isExtensible(array)) return; // frozen or sealed: it cannot grow
  } catch {
    // A Proxy whose trap throws: poll it anyway.
  }
  let next = from;
  win.setInterval(() => {
    next = takeEntries(array, next, handle);
  }, CONSENT_POLL_MS);
}

/** The array pages push to, created if the page has none yet (pushes wait there until the manager attaches); undefined when unreadable or not an array. */
export function dataLayerArray(win: Window & typeof globalThis): unknown[] | undefined {
  const host = win as unknown as Record<string, unknown>;
  try {
    if (host[DATA_LAYER] === undefined) host[DATA_LAYER] = [];
    const array = host[DATA_LAYER];
    // Tested here, in the try: Array.isArray throws on a revoked Proxy.
    return Array.isArray(array) ? array : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks every 2.5 s that `appEventData` is still the managed array; when a page script has
 * replaced it, pushes no longer reach tagc: log once and stop checking.
 */
function monitorOverwrite(win: Window & typeof globalThis, array: unknown[]): void {
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
      say(Msg.Overwritten);
    }
  }, OVERWRITE_CHECK_MS);
}
