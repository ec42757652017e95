import { sameStored } from './encoding';
import type { StorageTarget, StoredObject } from './target';

// Every write is read back and compared. s3rver (and some S3-compatible stores) may answer a PUT
// before a read sees the new bytes, so the read is retried a few times over about a second
// before the write counts as failed.

const DELAYS_MS = [0, 100, 300, 700];

/** Reads `key` until it holds exactly the bytes of `stored`, in its encoding; returns true if it did. */
export async function readsBack(target: StorageTarget, key: string, stored: StoredObject): Promise<boolean> {
  for (const ms of DELAYS_MS) {
    if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    if (sameStored(await target.get(key), stored)) return true;
  }
  return false;
}
