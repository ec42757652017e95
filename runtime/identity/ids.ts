// Visitor ids (docs/wire-formats.md): every id taken from a cookie or a response must match VALID_ID; a
// locally generated id is 38 decimal digits (two halves below 2^63, as the identity service's own
// ids are), used when the service does not answer. Random hex ids (the supplemental-data id, the
// A/B client's session and request ids) come from one generator, randomHex.

export const VALID_ID = /^[0-9a-fA-F-]+$/;

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && VALID_ID.test(value);
}

function randomDigits(count: number, first: string): string {
  let out = first[Math.floor(Math.random() * first.length)];
  // Every browser that runs the bundle's ES2020 has crypto.getRandomValues, in any context.
  for (const b of globalThis.crypto.getRandomValues(new Uint8Array(count - 1))) out += String(b % 10);
  return out;
}

/** A 38-digit visitor id: two 19-digit halves, each starting 1-8 so it fits a signed 64-bit integer. */
export function localId(): string {
  return randomDigits(19, '12345678') + randomDigits(19, '12345678');
}

/** `bytes` random bytes as lower-case hex (two digits each). */
export function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A supplemental-data id: two 16-digit upper-case hex halves joined by `-`. */
export function supplementalId(): string {
  return `${randomHex(8)}-${randomHex(8)}`.toUpperCase();
}

/** The identity library's 32-bit string hash (cookie settings digest). */
export function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = ((h << 5) - h + s.charCodeAt(i)) | 0;
  return h;
}
