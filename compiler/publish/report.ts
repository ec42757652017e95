import type { MoveReport, PublishReport } from './index';
import type { PruneReport } from './prune';
import type { ReleaseHistory } from './release-types';

// The plain-text reports the CLI prints.

const size = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(2)} MB`);

export function moveLines(m: MoveReport): string[] {
  const would = m.dryRun ? 'would move' : 'moved';
  if (m.unchanged) return [`${m.env} already runs ${m.to}: pointer not moved`];
  return [`${would} ${m.env}: ${m.from ?? '(no release)'} -> ${m.to} (${m.action})`, ...m.writes.map((k) => `  ${m.dryRun ? 'would write' : 'wrote'} ${k}`)];
}

export function publishLines(r: PublishReport): string[] {
  const upload = r.objects.filter((o) => o.state === 'upload');
  const width = Math.max(0, ...upload.map((o) => o.key.length));
  const lines = [`${r.dryRun ? 'dry run: nothing is written. ' : ''}build ${r.buildId} (commit ${r.commit}) -> ${r.location}`];
  for (const o of upload) lines.push(`  ${r.dryRun ? 'would upload' : 'uploaded'} ${o.key.padEnd(width)}  ${size(o.bytes).padStart(9)}  ${o.headers.contentType}; ${o.headers.cacheControl}`);
  lines.push(...storedLines(r));
  const bytes = upload.reduce((n, o) => n + o.bytes, 0);
  lines.push(
    upload.length
      ? `${r.dryRun ? 'would upload' : 'uploaded and verified'} ${upload.length} object(s), ${size(bytes)}; ${r.objects.length - upload.length} already there, byte for byte`
      : `nothing to upload: all ${r.objects.length} objects of ${r.buildId} are already there, byte for byte`,
  );
  lines.push(...(r.move ? moveLines(r.move) : ['the build has no dev bundle: no pointer moved']));
  return lines;
}

const bytesOf = (n: number) => `${n.toLocaleString('en-US')} B`;

/** The objects stored gzip-encoded (or, when planned so, kept as they were): their bytes as stored. */
function storedLines(r: PublishReport): string[] {
  const planned = r.objects.filter((o) => o.headers.contentEncoding || o.contentEncoding);
  if (!r.precompress) return ['  not precompressed (--no-precompress): the bundles are stored as they are'];
  if (!planned.length) return [];
  const width = Math.max(...planned.map((o) => o.key.length));
  return [
    `  ${r.dryRun ? 'would store' : 'stored'} gzip-encoded (zopfli; Content-Encoding: gzip${r.location.startsWith('s3://') ? '' : ', as <file>.gz beside the file'}), bytes as stored:`,
    ...planned.map((o) => {
      const kept = o.state === 'unchanged' ? (o.contentEncoding ? ' (already there)' : ' (already there, stored as it is: kept)') : '';
      return `    ${o.key.padEnd(width)}  ${bytesOf(o.bytes).padStart(10)} -> ${bytesOf(o.storedBytes).padStart(9)}${kept}`;
    }),
    // Only when the cache answered: a publish that encoded everything prints what it always did.
    ...(r.gzipCache?.hits ? [`  ${r.gzipCache.hits} of them from the gzip cache (${r.gzipCache.dir}): encoded by an earlier run, not again`] : []),
  ];
}

export function historyLines(histories: ReleaseHistory[]): string[] {
  if (!histories.length) return ['no releases yet'];
  return histories.flatMap((h) => {
    const current = h.releases.at(-1)!;
    return [
      `${h.env}: runs ${current.buildId}`,
      ...[...h.releases].reverse().map((r, i) => `  ${i === 0 ? '*' : ' '} ${r.at}  ${r.action.padEnd(8)}  ${r.buildId}  commit ${r.commit.slice(0, 12)}  by ${r.by}`),
    ];
  });
}

export function pruneLines(r: PruneReport): string[] {
  const removed = r.dryRun ? 'would remove' : 'removed';
  const lines = [`${r.dryRun ? 'dry run: nothing is removed. ' : ''}${r.location}: each environment keeps its last ${r.keep} build(s)`];
  for (const k of r.kept) lines.push(`  kept ${k.buildId}  (${k.envs.join(', ')})`);
  for (const p of r.pruned) lines.push(`  ${removed} ${p.buildId}  ${p.keys.length} object(s)`);
  for (const id of r.unreleased) lines.push(`  left ${id}  no environment ever ran it (a publish in flight, or one a re-run of tagc publish completes)`);
  const objects = r.pruned.reduce((n, p) => n + p.keys.length, 0);
  lines.push(r.pruned.length ? `${removed} ${r.pruned.length} build(s), ${objects} object(s)` : 'nothing to remove');
  return lines;
}
