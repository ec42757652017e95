import type { JsonState } from '../declare/types';

// The data layer's computed state. Merging is persistent (copy on the changed path only), so
// an event keeps the state it was pushed with even if its rules run after later pushes.

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper payloads are cut: a hostile or cyclic payload must not exhaust the stack. */
export const MAX_DEPTH = 32;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  // Realm-independent: objects pushed from an iframe have another realm's Object.prototype.
  const proto = Object.getPrototypeOf(value);
  return proto === null || (Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]');
}

function read(source: Record<string, unknown>, key: string): { ok: boolean; value?: unknown } {
  try {
    return { ok: true, value: source[key] };
  } catch {
    return { ok: false }; // a throwing getter
  }
}

/** A JSON-like copy without prototype-polluting keys, throwing getters or excessive depth. */
export function sanitize(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = read(value as unknown as Record<string, unknown>, String(i));
      out.push(item.ok ? sanitize(item.value, depth + 1) : undefined);
    }
    return out;
  }
  if (!isPlainObject(value)) return value instanceof Date ? new Date(value.getTime()) : undefined;
  const out: JsonState = {};
  for (const key of Object.keys(value)) {
    if (UNSAFE.has(key)) continue;
    const item = read(value, key);
    if (item.ok) {
      const clean = sanitize(item.value, depth + 1);
      if (clean !== undefined || item.value === undefined) out[key] = clean;
    }
  }
  return out;
}

/** Merges a sanitised payload into the state; objects merge, anything else replaces. */
export function merge(state: JsonState, payload: JsonState, skip?: string): JsonState {
  const out: JsonState = { ...state };
  for (const key of Object.keys(payload)) {
    if (key === skip || UNSAFE.has(key)) continue;
    const next = payload[key];
    const prev = out[key];
    out[key] = isPlainObject(next) && isPlainObject(prev) ? merge(prev as JsonState, next as JsonState) : next;
  }
  return out;
}

/** Reads a dotted path (`page.pageName`, `items.0.productInfo`) without touching prototypes. */
export function getPath(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || UNSAFE.has(part)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
