import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// build/ as a compile writes it. Each file goes to a hidden staging folder as soon as it is made
// (an environment's bundle, map and companion when that environment is built, its graph.json when
// the proofs have answered), so the compiler does not hold every environment's files until the
// end: at 5,000 rules they are about 20 MB an environment. Only publish() makes them visible, each
// top-level folder replacing the old one by rename; compile() calls it once the network proof and
// tsc have passed. A failed build discards the staging folder and leaves build/ as it was.

const STAGING = /^\.staging-(\d+)-\d+$/;
/** What publish() renames an old top-level folder or file to while it moves the new one in. */
const OLD = /^(.+)\.old-(\d+)$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const dead = (pid: number) => pid > 0 && pid !== process.pid && !alive(pid);

/**
 * Cleans up after builds that were killed (a signal, a crash: they had no chance to discard),
 * known by their process id no longer running; a live process's, a concurrent build's, is left
 * alone. Their staging folders are removed. A build killed inside publish() left a top-level
 * folder renamed `<name>.old-<pid>`, the previous build's: it goes back in place of whatever was
 * moved in, so build/ holds the previous build rather than a mix (it may be its only copy).
 */
function sweepStale(outDir: string): void {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (dead(Number(STAGING.exec(name)?.[1]))) rmSync(join(outDir, name), { recursive: true, force: true });
    const old = OLD.exec(name);
    if (old && dead(Number(old[2]))) {
      rmSync(join(outDir, old[1]), { recursive: true, force: true });
      renameSync(join(outDir, name), join(outDir, old[1]));
    }
  }
}

export class Staging {
  private readonly outDir: string;
  private readonly dir: string;
  private readonly tops = new Set<string>();
  /** The first folder the staging created (set once it has been made): outDir itself when it did not exist, so a failed first build leaves none. */
  private created: string | undefined;
  /** Discarded: what is still being made for this build (esbuild goes on after a failure) is not written. */
  private closed = false;
  /** Published: a written file is read from outDir, no longer the staging folder. */
  private published = false;

  constructor(outDir: string) {
    this.outDir = outDir;
    this.dir = join(outDir, `.staging-${process.pid}-${Date.now()}`);
  }

  /** Writes one file (path relative to outDir, `/`-separated) into the staging folder: a text as UTF-8, or bytes as they are. */
  write(path: string, content: string | Uint8Array): void {
    if (this.closed) return;
    if (this.created === undefined) {
      sweepStale(this.outDir);
      // Never undefined: the staging folder's name is new, so mkdirSync always creates something.
      this.created = mkdirSync(this.dir, { recursive: true }) ?? this.dir;
    }
    const full = join(this.dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    this.tops.add(path.split('/')[0]);
  }

  /**
   * Moves every staged top-level folder or file into outDir, replacing the old one. All or
   * nothing: when one cannot be moved in, those already moved are taken out again and every old
   * one goes back, so build/ is the previous build whole rather than half of each.
   */
  publish(): void {
    if (this.closed) throw new Error('publish() after discard()');
    this.closed = true;
    const moved: { target: string; old?: string }[] = [];
    try {
      for (const top of this.tops) {
        const target = join(this.outDir, top);
        const old = `${target}.old-${process.pid}`;
        const hadOld = existsSync(target);
        if (hadOld) renameSync(target, old);
        moved.push({ target, ...(hadOld ? { old } : {}) });
        renameSync(join(this.dir, top), target);
      }
    } catch (error) {
      for (const { target, old } of moved.reverse()) {
        rmSync(target, { recursive: true, force: true });
        if (old) renameSync(old, target);
      }
      throw error;
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
    for (const { old } of moved) if (old) rmSync(old, { recursive: true, force: true });
    this.published = true;
  }

  /** A written file's text: from the staging folder until publish(), from the output folder after. */
  read(path: string): string {
    return readFileSync(join(this.published ? this.outDir : this.dir, path), 'utf8');
  }

  /** Removes what was staged (and outDir, when staging created it); later writes are dropped. */
  discard(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.created !== undefined) rmSync(this.created, { recursive: true, force: true });
  }
}
