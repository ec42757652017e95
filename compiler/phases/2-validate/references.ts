// Finds every `de()` reference inside a declaration's params, with the path to it.

export interface FoundRef {
  name: string;
  path: (string | number)[];
}

export function findRefs(value: unknown, path: (string | number)[] = [], out: FoundRef[] = [], depth = 0): FoundRef[] {
  if (depth > 30 || value === null || typeof value !== 'object') return out;
  if (typeof (value as { $de?: unknown }).$de === 'string') {
    out.push({ name: (value as { $de: string }).$de, path });
    return out;
  }
  if (Array.isArray(value)) value.forEach((v, i) => findRefs(v, [...path, i], out, depth + 1));
  else for (const [k, v] of Object.entries(value)) if (typeof v !== 'function') findRefs(v, [...path, k], out, depth + 1);
  return out;
}

/** Names a data element reads: its params' `de()` refs plus `from` (derived) and `reads` (custom). */
export function dataElementReads(el: { kind: string; params: Record<string, unknown> }): string[] {
  const names = findRefs(el.params).map((r) => r.name);
  const list = (el.params.from ?? el.params.reads) as unknown;
  if (Array.isArray(list)) for (const n of list) if (typeof n === 'string') names.push(n);
  names.push(...codeReads(el));
  return [...new Set(names)];
}

/** Closest known name, for "did you mean" hints. */
export function suggest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = k;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/**
 * Data elements that custom code reads with `ctx.get('name')`, found in the function's source:
 * literal names only (a computed name cannot be proven; such code should name it in `reads`).
 */
export function codeReads(step: object): string[] {
  const names = new Set<string>();
  for (const value of Object.values(step)) {
    if (typeof value !== 'function') continue;
    let source = '';
    try {
      source = Function.prototype.toString.call(value);
    } catch {
      continue;
    }
    for (const m of source.matchAll(/\bget\(\s*(['"`])([^'"`\\]+)\1\s*\)/g)) names.add(m[2]);
  }
  return [...names];
}
