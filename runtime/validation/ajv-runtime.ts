// The two helpers ajv's standalone validators call (`ajv/dist/runtime/ucs2length` and
// `equal`), written here so that no npm code reaches a bundle. The build swaps ajv's
// require() calls for imports of these (compiler/phases/5-emit/validators.ts).

/** String length in code points: a surrogate pair counts once, as JSON Schema requires. */
export function ucs2length(str: string): number {
  let length = 0;
  let pos = 0;
  while (pos < str.length) {
    length++;
    const code = str.charCodeAt(pos++);
    if (code >= 0xd800 && code <= 0xdbff && pos < str.length) {
      const next = str.charCodeAt(pos);
      if ((next & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** Deep equality of JSON values (what `const`, `enum` and `uniqueItems` compare with). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (a instanceof Date) return a.getTime() === (b as Date).getTime();
    if (Array.isArray(a)) {
      const bb = b as unknown[];
      if (a.length !== bb.length) return false;
      for (let i = 0; i < a.length; i++) if (!equal(a[i], bb[i])) return false;
      return true;
    }
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) {
      if (!Object.prototype.hasOwnProperty.call(b, k) || !equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    }
    return true;
  }
  // NaN equals NaN, as in fast-deep-equal.
  return a !== a && b !== b;
}
