import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileCpu, type FileCpu } from '../../compiler/bench/tests';

// Where the wall time of one `npm test` goes: the files' lines (tests/setup/file-cpu.ts) and the
// global setup's span (tests/setup/real-build.ts) of a run with TAGC_TEST_CPU=<folder>, laid out
// on the cores. A core is idle when fewer files run than there are cores (vitest's process start
// between two files counts as idle: it is not in any file's span); the tail is the end of the run
// after the last moment every core was busy.
//   npx tsx tests/setup/timeline.ts <folder> [cores]

/** A file's span on the run: its line in the folder without its wall time (the span gives it). */
export type FileSpan = Omit<FileCpu, 'wallMs'>;

export interface Timeline {
  /** Global setup start (or the first file's start) to the last file's end. */
  wallS: number;
  setupS: number;
  /** Core-seconds with no file running, from the end of the global setup to the last file's end. */
  idleCoreS: number;
  /** From the last moment every core ran a file to the end, and the files running in it. */
  tailS: number;
  tailFiles: string[];
  /** Each file on a lane (a core), in the order they started. */
  lanes: { lane: number; file: string; fromS: number; toS: number; cpuS: number }[];
}

const s = (ms: number) => Math.round(ms / 100) / 10;

/** Spans laid out on `cores` lanes (a file takes the first lane free at its start; more lanes open if more files overlap). */
export function timeline(files: FileSpan[], cores: number, setup?: { startMs: number; endMs: number }): Timeline {
  const sorted = [...files].sort((a, b) => a.startMs - b.startMs);
  const t0 = setup?.startMs ?? sorted[0]?.startMs ?? 0;
  const from = setup?.endMs ?? t0;
  const end = Math.max(from, ...sorted.map((f) => f.endMs));
  const laneEnds: number[] = [];
  const lanes = sorted.map((f) => {
    let lane = laneEnds.findIndex((e) => e <= f.startMs);
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = f.endMs;
    return { lane, file: f.file, fromS: s(f.startMs - t0), toS: s(f.endMs - t0), cpuS: s(f.cpuMs) };
  });
  // Sweep the starts and ends: idle core time while fewer than `cores` run, and the last full moment.
  const events = sorted.flatMap((f) => [{ t: Math.max(f.startMs, from), d: 1 }, { t: Math.max(f.endMs, from), d: -1 }]).sort((a, b) => a.t - b.t || a.d - b.d);
  let running = 0;
  let at = from;
  let idle = 0;
  let lastFull = from;
  for (const e of events) {
    idle += Math.max(0, cores - running) * (e.t - at);
    if (running >= cores) lastFull = e.t;
    running += e.d;
    at = e.t;
  }
  idle += cores * (end - at);
  const tailFiles = sorted.filter((f) => f.endMs > lastFull).map((f) => f.file);
  return { wallS: s(end - t0), setupS: s(from - t0), idleCoreS: s(idle), tailS: s(end - lastFull), tailFiles, lanes };
}

/** The timeline of a TAGC_TEST_CPU folder. */
export function readTimeline(dir: string, cores: number): Timeline {
  const files = readFileCpu(dir);
  const setupFile = join(dir, 'global-setup.json');
  const setup = existsSync(setupFile) ? (JSON.parse(readFileSync(setupFile, 'utf8')) as { startMs: number; endMs: number }) : undefined;
  return timeline(files, cores, setup);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, cores = '2'] = process.argv.slice(2);
  if (!dir) throw new Error('usage: tsx tests/setup/timeline.ts <TAGC_TEST_CPU folder> [cores]');
  const t = readTimeline(dir, Number(cores));
  for (const l of t.lanes) process.stdout.write(`${String(l.fromS).padStart(6)} ${String(l.toS).padStart(6)} s  lane ${l.lane}  ${String(l.cpuS).padStart(5)} s cpu  ${l.file}\n`);
  process.stdout.write(`wall ${t.wallS} s (global setup ${t.setupS} s), idle ${t.idleCoreS} core-s, tail ${t.tailS} s: ${t.tailFiles.join(', ')}\n`);
}
