import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Family, KindSpec, Words } from './kind';

// A compile validates each declaration's steps once: zod's JIT (a generated function per object
// schema) cost more to compile than it saved (validate phase, paired at load 5-7: median 280 -> 207 ms).
z.config({ jitless: true });

// Kinds are discovered from the folder: adding a kind means adding a file.

const here = dirname(fileURLToPath(import.meta.url));
export const FAMILIES: Family[] = ['events', 'conditions', 'actions', 'data-elements'];

export type KindRegistry = Record<Family, Map<string, KindSpec>>;

let cached: Promise<KindRegistry> | undefined;

export function loadKinds(): Promise<KindRegistry> {
  cached ??= (async () => {
    const registry = {} as KindRegistry;
    // All kind modules are imported at once (one by one, each waited on tsx's loader thread).
    const families = await Promise.all(
      FAMILIES.map(async (family) => {
        const dir = join(here, family);
        const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
        // A relative template import: the precompiled compiler (compiler/cli/precompiled.js) bundles every kind.
        return Promise.all(files.map(async (file) => ((await import(`./${family}/${file.slice(0, -3)}.ts`)) as { default: KindSpec }).default));
      }),
    );
    FAMILIES.forEach((family, i) => (registry[family] = new Map(families[i].map((spec) => [spec.kind, spec]))));
    return registry;
  })();
  return cached;
}

function isRef(v: unknown): v is { $de: string } {
  return typeof v === 'object' && v !== null && typeof (v as { $de?: unknown }).$de === 'string';
}

/** Plain words for a step (condition, action, event or data element). */
export function describeStep(registry: KindRegistry, family: Family, step: { kind: string; params: Record<string, unknown> }): string {
  const spec = registry[family].get(step.kind);
  if (!spec) return step.kind;
  const words: Words = {
    value: (v) => {
      if (isRef(v)) return `«${v.$de}»`;
      if (Array.isArray(v)) return v.map((x) => words.value(x)).join(', ');
      if (typeof v === 'string') return JSON.stringify(v);
      if (v && typeof v === 'object') return JSON.stringify(toJson(v));
      return String(v);
    },
    condition: (c) => describeStep(registry, 'conditions', c as { kind: string; params: Record<string, unknown> }),
  };
  try {
    return spec.describe(step.params as never, words);
  } catch {
    return step.kind;
  }
}

/** Params as JSON: functions dropped, nested descriptors reduced to kind and params, regexes as source. */
export function toJson(value: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (typeof value === 'function' || value === undefined) return undefined;
  if (value instanceof RegExp) return { pattern: value.source, flags: value.flags };
  if (Array.isArray(value)) return value.map((v) => toJson(v, depth + 1) ?? null);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const j = toJson(v, depth + 1);
      if (j !== undefined) out[k] = j;
    }
    return out;
  }
  return value;
}
