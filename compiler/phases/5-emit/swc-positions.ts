import type { Module } from '@swc/core';
import { loadSwc } from '../../swc';
import { onMainThread } from './swc-thread';

// swc's positions are not the text's: they count UTF-8 bytes (a bundle may keep non-ASCII text:
// esbuild writes it with charset utf8), not UTF-16 units, and from a base that every parse in
// the process moves on (all files share one source map). A parse of `0;` + the text gives the
// base exactly, as the position of that first statement.

const LEAD = '0;';

/** `js` parsed by swc (on Node's thread pool, or the main thread when large: ./swc-thread.ts), with the index into `js` of each of swc's positions. */
export async function parseWithPositions(js: string): Promise<{ program: Module; index: (position: number) => number }> {
  const { parse, parseSync } = await loadSwc();
  // A hashbang may only open the text: blanked (unit for unit, so indexes stay), as it is no code.
  const text = js.replace(/^#![^\n\r\u2028\u2029]*/, (line) => ' '.repeat(line.length));
  const options = { syntax: 'ecmascript', target: 'es2022' } as const;
  const program = onMainThread(text) ? parseSync(LEAD + text, options) : await parse(LEAD + text, options);
  const base = program.body[0].span.start + LEAD.length;
  const indexOf = byteToIndex(text);
  return { program, index: (position) => indexOf(position - base) };
}

/** A UTF-8 byte offset of `js` as its UTF-16 index (offsets at character boundaries, as swc's are). */
export function byteToIndex(js: string): (byte: number) => number {
  const bytes = Buffer.byteLength(js);
  if (bytes === js.length) return (byte) => byte; // ASCII: one byte a unit
  const index = new Uint32Array(bytes + 1);
  let byte = 0;
  for (let i = 0; i < js.length; i++) {
    index[byte] = i;
    const c = js.charCodeAt(i);
    const next = js.charCodeAt(i + 1);
    if (c >= 0xd800 && c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      byte += 4; // a surrogate pair: one code point of four bytes
      i++;
    } else byte += c < 0x80 ? 1 : c < 0x800 ? 2 : 3; // a lone surrogate is written as U+FFFD, three bytes
  }
  index[byte] = js.length;
  return (b) => index[b];
}
