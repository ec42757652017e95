import type { JsonState } from '../declare/types';
import { failureMessage } from './log';
import { Msg } from './messages';

// The data layer's computed state. Merging is persistent (copy on the changed path only), so
// an event keeps the state it was pushed with even if its rules run after later pushes.

/** Keys that reach an object's prototype: a copy, a merge and a path read skip them. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper payloads are cut: a hostile or cyclic payload must not exhaust the stack. */
export const MAX_DEPTH = 32;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  // Realm-independent: objects pushed from an iframe have another realm's Object.prototype.
  const proto = Object.getPrototypeOf(value);
  return proto === null || (Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]');
}

/** An own property, not an inherited one (`constructor`, `__proto__`); es2020 has no Object.hasOwn. */
export function hasOwn(object: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** A copy of a record with `f` of each value (own keys, in their order). */
export function mapValues<T, U>(record: Readonly<Record<string, T>>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
}

/** What read() gives for a getter that throws (no object per value read: an entry has many). */
const UNREADABLE: unique symbol = Symbol();

function read(source: Record<PropertyKey, unknown>, key: PropertyKey): unknown {
  try {
    return source[key];
  } catch {
    return UNREADABLE; // a throwing getter
  }
}

/** More objects and arrays than this in one entry (counting each path to a shared node) and it is refused. */
export const MAX_NODES = 20_000;
/** More array slots and object keys than this in one entry (a sparse `length = 1e8`) and it is refused. */
export const MAX_SLOTS = 50_000;
/** Copying one entry may hold the main thread this long; past it the entry is refused. */
export const MAX_MS = 50;
/**
 * The clock is read once per this many values: the time budget is there for huge entries (or slow
 * getters by the hundred), and an ordinary entry must not be refused because the OS paused the page
 * while it was copied (seen under load); reading performance.now() per value also cost every push.
 */
export const CLOCK_EVERY = 64;

/** Thrown by sanitize() for an entry over a budget (nodes, slots or time). */
export class TooLarge extends Error {}

// performance is there wherever the bundle runs: its first statement reads performance.now() (core/script-start.ts).
const now = () => performance.now();

/** Own keys, or none when a Proxy's trap throws. */
function keysOf(v: object): string[] {
  try {
    return Object.keys(v);
  } catch {
    return [];
  }
}

/** `value` when it is a positive number, else `fallback`. */
export function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && value > 0 ? value : fallback;
}

/** `value` when it is non-empty text, else undefined. */
export const nonEmptyText = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function lengthOf(v: object): number {
  return positive(read(v as Record<string, unknown>, 'length'), 0);
}

/**
 * A JSON-like copy without prototype-polluting keys, throwing getters, functions, cycles (a
 * back-reference is dropped) or excessive depth. Each getter is read once. Throws TooLarge past
 * MAX_NODES objects, MAX_SLOTS slots or MAX_MS milliseconds, so that a node shared by two
 * parents, repeatedly, or a huge sparse array cannot hang the page.
 */
export function sanitize(value: unknown, clock: () => number = now): unknown {
  let nodes = MAX_NODES;
  let slots = MAX_SLOTS;
  const deadline = clock() + MAX_MS;
  const ancestors = new Set<object>();
  const slot = () => {
    if (--slots < 0) throw new TooLarge(failureMessage(Msg.TooManyValues, MAX_SLOTS));
    if ((MAX_SLOTS - slots) % CLOCK_EVERY === 0 && clock() > deadline) throw new TooLarge(failureMessage(Msg.TookTooLong, MAX_MS));
  };
  const copy = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object') return typeof v === 'function' ? undefined : v;
    if (depth >= MAX_DEPTH || ancestors.has(v)) return undefined;
    let array = false;
    let plain = false;
    try {
      array = Array.isArray(v);
      plain = !array && isPlainObject(v);
    } catch {
      return undefined; // a revoked Proxy
    }
    if (!array && !plain) return v instanceof Date ? new Date(v.getTime()) : undefined;
    if (--nodes < 0) throw new TooLarge(failureMessage(Msg.TooManyObjects, MAX_NODES));
    ancestors.add(v);
    try {
      if (array) {
        const out: unknown[] = [];
        for (let i = 0, n = lengthOf(v); i < n; i++) {
          slot();
          const item = read(v as unknown as Record<number, unknown>, i);
          out.push(item === UNREADABLE ? undefined : copy(item, depth + 1));
        }
        return out;
      }
      const out: JsonState = {};
      for (const key of keysOf(v)) {
        slot();
        if (UNSAFE_KEYS.has(key)) continue;
        const item = read(v as Record<string, unknown>, key);
        if (item === UNREADABLE) continue;
        const clean = copy(item, depth + 1);
        if (clean !== undefined || item === undefined) out[key] = clean;
      }
      return out;
    } finally {
      ancestors.delete(v);
    }
  };
  return copy(value, 0);
}

/** Merges a sanitised payload into the state; objects merge, anything else replaces. */
export function merge(state: JsonState, payload: JsonState, skip?: string): JsonState {
  const out: JsonState = { ...state };
  for (const key of Object.keys(payload)) {
    if (key === skip || UNSAFE_KEYS.has(key)) continue;
    const next = payload[key];
    const prev = out[key];
    out[key] = isPlainObject(next) && isPlainObject(prev) ? merge(prev as JsonState, next as JsonState) : next;
  }
  return out;
}

/** Reads a dotted path (`page.pageName`, `items.0.productInfo`) without touching prototypes. */
export function getPath(source: unknown, path: string): unknown {
  return getParts(source, path.split('.'));
}

/** getPath with the path already split (a data element splits its path once). */
export function getParts(source: unknown, parts: readonly string[]): unknown {
  let node: unknown = source;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || UNSAFE_KEYS.has(part)) return undefined;
    if (!hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
