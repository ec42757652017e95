import type { ObjectHeaders } from './layout';

// Where a publish goes: an S3-compatible bucket or a folder. Publishing, promotion, rollback and
// the release history only use these operations, so they work the same on both.

export interface StorageTarget {
  /** For messages: `s3://bucket/prefix` or the folder's path. */
  readonly location: string;
  /** The object as stored (its bytes and Content-Encoding), or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Stores `body` as it is: with `headers.contentEncoding`, `body` is the encoded bytes. */
  put(key: string, body: Buffer, headers: ObjectHeaders): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (a folder ending in `/`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** The URL pages reach the publish root at when --public-url is not given, or null if unknown. */
  defaultPublicUrl(): string | null;
}

/** An object's bytes as stored and the encoding they are in (null: the bytes are the content). */
export interface StoredObject {
  body: Buffer;
  contentEncoding: string | null;
}

/** A storage operation that failed, naming the object. */
export class TargetError extends Error {
  constructor(
    readonly op: 'GET' | 'PUT' | 'DELETE' | 'LIST',
    readonly key: string,
    location: string,
    reason: string,
  ) {
    super(`${op} ${location}/${key} failed: ${reason}`);
    this.name = 'TargetError';
  }
}
