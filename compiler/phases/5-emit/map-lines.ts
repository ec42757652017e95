// Source maps of texts joined line by line (rule-groups.ts), joined: each part's `mappings` is
// copied as it is but for its first segment with a source and its first with a name, which are
// made relative to the part before (the fields are deltas). Scanned, not decoded into segments
// and encoded again: a first decode-and-encode took 0.29 + 0.65 s (one run) on the 1.4 MB of
// mappings of prod's bundle at 5,000 rules, about what that many rules' maps hold together.

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < CHARS.length; i++) VALUE[CHARS.charCodeAt(i)] = i;

function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v) digit |= 32;
    out += CHARS[digit];
  } while (v);
  return out;
}

/** One part: its map's `mappings`, how many sources and names its map has, and the lines its text spans. */
export interface MapPart {
  mappings: string;
  sources: number;
  names: number;
  lines: number;
}

/** The `mappings` of the parts' texts joined, each starting on a new line; sources and names are the parts' in order. */
export function joinMappings(parts: readonly MapPart[]): string {
  const out: string[] = [];
  // The joined map's source, original line, original column and name so far.
  const state = [0, 0, 0, 0];
  let sourceBase = 0;
  let nameBase = 0;
  for (const part of parts) {
    const local = [0, 0, 0, 0];
    let seenSource = false;
    let seenName = false;
    const m = part.mappings;
    let semicolons = 0;
    let start = 0;
    let fields: number[] = [];
    let value = 0;
    let shift = 0;
    const endSegment = (end: number) => {
      if (fields.length >= 4) {
        const rebase = !seenSource || (fields.length === 5 && !seenName);
        const adjusted = [...fields];
        for (let f = 1; f < fields.length; f++) local[f - 1] = local[f - 1]! + fields[f]!;
        if (!seenSource) {
          adjusted[1] = sourceBase + local[0]! - state[0]!;
          adjusted[2] = local[1]! - state[1]!;
          adjusted[3] = local[2]! - state[2]!;
          seenSource = true;
        }
        if (fields.length === 5 && !seenName) {
          adjusted[4] = nameBase + local[3]! - state[3]!;
          seenName = true;
        }
        out.push(rebase ? adjusted.map(vlq).join('') : m.slice(start, end));
      } else out.push(m.slice(start, end));
      fields = [];
    };
    for (let i = 0; i < m.length; i++) {
      const c = m.charCodeAt(i);
      if (c === 59 || c === 44) {
        if (i > start) endSegment(i);
        out.push(m[i]!);
        if (c === 59) semicolons++;
        start = i + 1;
        continue;
      }
      const digit = VALUE[c]!;
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
        continue;
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    if (m.length > start) endSegment(m.length);
    if (seenSource) [state[0], state[1], state[2]] = [sourceBase + local[0]!, local[1]!, local[2]!];
    if (seenName) state[3] = nameBase + local[3]!;
    sourceBase += part.sources;
    nameBase += part.names;
    out.push(';'.repeat(Math.max(0, part.lines - semicolons)));
  }
  return out.join('');
}
