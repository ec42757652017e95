import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ENV_NAMES } from '../environments';
import { decodesTo } from './encoding';
import { headersFile, type ObjectHeaders } from './layout';
import { TargetError, type StorageTarget, type StoredObject } from './target';

// A plain folder that a web server or rsync serves. Each file is written beside its place and
// renamed over it, so a reader never sees half a file. The folder gets a `_headers` file with the
// cache and CORS headers its server must send (the bucket keeps them on each object instead).
// A folder has no Content-Encoding: an object stored gzip-encoded is written as the plain file
// and, beside it, its gzip bytes as `<file>.gz`, which servers send to clients that accept gzip
// (nginx gzip_static, Caddy's precompressed, sirv's gzip option); other servers send the plain
// file. The pair is one object: the .gz first, so the plain file's presence means both are there.

export const HEADERS_FILE = '_headers';
/** The precompressed sibling of a file. */
export const GZ = '.gz';
/** A file being written beside its place (never listed as an object). */
const TEMPORARY = /\.tagc-\d+-\d+\.tmp$/;

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export class DirectoryTarget implements StorageTarget {
  readonly location: string;
  /** Written once per run, before the first object. */
  private headers: Promise<void> | null = null;
  private writes = 0;

  constructor(dir: string) {
    this.location = resolve(dir);
  }

  private path(key: string): string {
    const full = resolve(this.location, key);
    if (!full.startsWith(this.location + sep)) throw new Error(`object key "${key}" leaves ${this.location}`);
    return full;
  }

  private async write(file: string, body: Buffer | string): Promise<void> {
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.tagc-${process.pid}-${this.writes++}.tmp`; // TEMPORARY matches it
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    let plain: Buffer | null;
    let gz: Buffer | null;
    try {
      const file = this.path(key);
      [plain, gz] = await Promise.all([readIfThere(file), readIfThere(file + GZ)]);
    } catch (error) {
      throw new TargetError('GET', key, this.location, (error as Error).message);
    }
    if (!plain) return null;
    if (!gz) return { body: plain, contentEncoding: null };
    if (!decodesTo(gz, plain)) throw new TargetError('GET', key, this.location, `${key}${GZ} does not decode to the bytes of ${key} (a server sends either): remove the pair or restore it`);
    return { body: gz, contentEncoding: 'gzip' };
  }

  async put(key: string, body: Buffer, headers: ObjectHeaders): Promise<void> {
    try {
      await (this.headers ??= this.writeHeaders());
      const file = this.path(key);
      if (headers.contentEncoding === 'gzip') {
        const plain = gunzipSync(body);
        await this.write(file + GZ, body);
        await this.write(file, plain);
      } else {
        await this.write(file, body);
        // A file that was stored encoded before (a moved stable URL) must not keep a stale sibling.
        await rm(file + GZ, { force: true });
      }
    } catch (error) {
      throw new TargetError('PUT', key, this.location, (error as Error).message);
    }
  }

  private async writeHeaders(): Promise<void> {
    const file = join(this.location, HEADERS_FILE);
    const text = headersFile(ENV_NAMES);
    if ((await readFile(file, 'utf8').catch(() => null)) !== text) await this.write(file, text);
  }

  async delete(key: string): Promise<void> {
    try {
      const file = this.path(key);
      await rm(file, { force: true });
      await rm(file + GZ, { force: true });
      await this.removeEmptyFolders(dirname(file));
    } catch (error) {
      throw new TargetError('DELETE', key, this.location, (error as Error).message);
    }
  }

  /** Folders a delete left empty, up to the target's own; one that is not empty (or gone) stops it. */
  private async removeEmptyFolders(dir: string): Promise<void> {
    for (let d = dir; d.startsWith(this.location + sep); d = dirname(d)) {
      try {
        await rmdir(d);
      } catch (error) {
        if (['ENOTEMPTY', 'EEXIST', 'ENOENT'].includes((error as NodeJS.ErrnoException).code ?? '')) return;
        throw error;
      }
    }
  }

  async list(prefix: string): Promise<string[]> {
    // The folder holding the prefix, walked whole; keys use `/` whatever the platform.
    const base = prefix.endsWith('/') ? this.path(prefix.slice(0, -1)) : dirname(this.path(prefix));
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true });
      const names = new Set(entries.map((e) => e.name));
      for (const entry of entries) {
        const path = join(dir, entry.name);
        // A .gz beside its plain file is part of that object; one alone is an object of its own.
        const sibling = entry.name.endsWith(GZ) && names.has(entry.name.slice(0, -GZ.length));
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && !TEMPORARY.test(entry.name) && !sibling) files.push(relative(this.location, path).split(sep).join('/'));
      }
    };
    try {
      await walk(base);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new TargetError('LIST', prefix, this.location, (error as Error).message);
    }
    return files.filter((key) => key.startsWith(prefix)).sort();
  }

  defaultPublicUrl(): string | null {
    return null;
  }
}
