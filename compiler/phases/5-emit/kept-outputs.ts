import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';

// Outputs of slow pure conversions kept between builds, in the project's node_modules/.cache/tagc:
// json-schema-to-typescript's payload types (~0.3 s CPU) and ajv's standalone validators
// (~0.7 s). Each is keyed by everything it depends on (the inputs, the converting package's
// version, the converting module's own source), so an unchanged input reuses its output and a
// changed one is converted again. Inputs with a `$ref` outside themselves are always converted.

type Entries = Record<string, string>;

/** The version of an installed package, as part of a key. */
export function packageVersion(name: string): string {
  try {
    return (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export class KeptOutputs {
  private readonly old: Entries;
  private readonly used: Entries = {};

  constructor(private readonly file: string | undefined) {
    this.old = file ? readEntries(file) : {};
  }

  /** The key of a conversion, or undefined when its output may depend on other files. */
  key(...inputs: unknown[]): string | undefined {
    const json = JSON.stringify(inputs);
    if (/"\$ref":"(?!#)/.test(json)) return undefined;
    return createHash('sha256').update(json).digest('hex');
  }

  get(key: string | undefined): string | undefined {
    if (key === undefined || !Object.hasOwn(this.old, key)) return undefined;
    return (this.used[key] = this.old[key]);
  }

  set(key: string | undefined, ts: string): void {
    if (key !== undefined) this.used[key] = ts;
  }

  /** Keeps the entries this run used (outputs of removed inputs are dropped); best effort. */
  save(): void {
    if (!this.file) return;
    const same = Object.keys(this.used).length === Object.keys(this.old).length && Object.keys(this.used).every((k) => Object.hasOwn(this.old, k));
    if (same) return;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}-${threadId}.tmp`; // renamed into place whole
      writeFileSync(tmp, JSON.stringify(this.used));
      renameSync(tmp, this.file);
    } catch {
      // a read-only project builds as before, only slower
    }
  }
}

function readEntries(file: string): Entries {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}
