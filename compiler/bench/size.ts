import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { compile } from '../index';
import type { Graph, Manifest } from '../graph-types';
import { precompress } from '../publish/gzip-pool';
import { buildPeerBundle } from './peer-bundle';

// Where the prod bundle's bytes are: each byte of the minified bundle is given to the source
// file its source-map segment points at, grouped by folder (runtime/<area>, the container's
// folders, the generated entry). Raw bytes add up to the bundle; a group's gzip figure is how
// much smaller the gzip -9 bundle gets without that group's bytes (gzip is not additive: shared
// words compress once, so these sum to less than the whole).
// Beside gzip -9, the bundle as tagc publish stores it (zopfli gzip, the same function publish
// uses) and the peer (the Adobe stack, compiler/bench/peer-bundle.ts) compressed the same way:
// both stacks' bytes on the wire with one encoder.

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Groups listed by name; the rest are summed as "(other)". */
const TOP = 24;

export interface Segment {
  /** Offset in the bundle and length, in characters (the bundle is ASCII). */
  start: number;
  length: number;
  group: string;
}

/** `runtime/core/x.ts` → `runtime/core`; a file at the top of a folder or in a lib/ folder stays whole. */
export function groupOf(source: string): string {
  const parts = source.split('/');
  if (parts.length <= 2) return source;
  if (parts[0] === 'node_modules') return `node_modules/${parts[1]!.startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1]}`;
  if (parts[1] === 'lib') return source;
  return parts.slice(0, Math.min(2, parts.length - 1)).join('/');
}

/** The bundle's characters by group, through the source map (unmapped bytes: "(unmapped)"); sources are named relative to `root`. */
export function segmentsOf(code: string, map: SourceMapConsumer, mapDir: string, root = REPO): Segment[] {
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const at = (line: number, column: number) => lineStarts[line - 1]! + column;
  const marks: { offset: number; group: string }[] = [];
  map.eachMapping((m) => {
    const group = m.source ? groupOf(relative(root, resolve(mapDir, m.source))) : '(unmapped)';
    marks.push({ offset: at(m.generatedLine, m.generatedColumn), group });
  });
  marks.sort((a, b) => a.offset - b.offset);
  const segments: Segment[] = [];
  if (marks[0] && marks[0].offset > 0) segments.push({ start: 0, length: marks[0].offset, group: '(unmapped)' });
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.offset ?? code.length;
    if (end > m.offset) segments.push({ start: m.offset, length: end - m.offset, group: m.group });
  });
  return segments;
}

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

/** Raw bytes per group, and the gzip -9 bytes the bundle loses without each group. */
export function attribute(code: string, segments: Segment[]): { group: string; raw: number; gzip: number }[] {
  const raw = new Map<string, number>();
  for (const s of segments) raw.set(s.group, (raw.get(s.group) ?? 0) + s.length);
  const whole = gzip(code);
  return [...raw]
    .sort((a, b) => b[1] - a[1])
    .map(([group, bytes]) => {
      const without = segments.filter((s) => s.group !== group).map((s) => code.slice(s.start, s.start + s.length));
      return { group, raw: bytes, gzip: whole - gzip(without.join('')) };
    });
}

export async function benchSize(): Promise<Record<string, number>> {
  const outDir = join(REPO, '.tagc-tmp', `size-${process.pid}`);
  try {
    await compile({ root: REPO, outDir, envs: ['prod'] });
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    const prod = manifest.environments.prod!;
    const code = readFileSync(join(outDir, prod.file), 'utf8');
    const map = new SourceMapConsumer(JSON.parse(readFileSync(join(outDir, prod.map), 'utf8')) as RawSourceMap);
    // esbuild writes the map's sources relative to the build's working directory, the root.
    const rows = attribute(code, segmentsOf(code, map, REPO));
    const graph = JSON.parse(readFileSync(join(outDir, prod.graph), 'utf8')) as Graph;
    const peer = await buildPeerBundle(graph, manifest.simulate?.consent ?? null);
    const [published, peerPublished] = await precompress([Buffer.from(code), Buffer.from(peer.code)]);
    const figures: Record<string, number> = {
      'bundle bytes': code.length,
      'bundle gzip bytes': gzip(code),
      'bundle published bytes': published!.length,
      'peer bytes': peer.bytes,
      'peer gzip bytes': peer.gzipBytes,
      'peer published bytes': peerPublished!.length,
    };
    const shown = rows.slice(0, TOP);
    const rest = rows.slice(TOP);
    for (const r of shown) {
      figures[`raw ${r.group}`] = r.raw;
      figures[`gzip ${r.group}`] = r.gzip;
    }
    if (rest.length) {
      figures['raw (other)'] = rest.reduce((n, r) => n + r.raw, 0);
      figures['gzip (other)'] = rest.reduce((n, r) => n + r.gzip, 0);
    }
    return figures;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
