import type { JsonState } from '../declare/types';
import { log, reason } from './log';
import { isPlainObject, merge, sanitize } from './merge';

// `window.appEventData`: entries pushed before the bundle loaded are processed in order, later
// pushes are intercepted. Each entry is sanitised (no prototype keys, no throwing getters, bounded
// depth) before it reaches the state or a rule, and a bad entry never stops the next one.

export const DATA_LAYER = 'appEventData';

export interface DataLayerHooks {
  /** Called with each named event before its dispatch (validation, reset, process state). */
  beforeEvent?(name: string, payload: JsonState): void;
  dispatch(name: string, payload: JsonState, state: JsonState): void;
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

  function handle(entry: unknown): void {
    if (!isPlainObject(entry)) {
      log.error('EVENT NAME VALIDATION FAILED: Missing event name');
      return;
    }
    const payload = sanitize(entry) as JsonState;
    const name = payload.event;
    if (typeof name !== 'string' || name.trim() === '') {
      log.error('EVENT NAME VALIDATION FAILED: Missing event name');
      state = merge(state, payload, 'event');
      return;
    }
    hooks.beforeEvent?.(name, payload);
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
