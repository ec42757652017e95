import { createHash } from 'node:crypto';
import { contentOf, encodeChecked, type Encoder } from './encoding';
import { isManifestKey } from './layout';
import type { PlannedObject } from './local-build';
import { readsBack } from './read-back';
import type { StorageTarget, StoredObject } from './target';

// The immutable half of a publish: compare every object with what the target already holds,
// refuse before writing anything if one differs, upload the missing ones, read each back.
// Objects are compared by content (decoded bytes): an object a publish stored as it is and one
// stored gzip-encoded hold the same build, so a re-publish keeps what is there, in its encoding
// (a bucket published before precompression keeps its plain objects). Zopfli is deterministic,
// so a re-run would encode the same bytes anyway.

export type ObjectState = 'upload' | 'unchanged';

export interface ObjectPlan extends PlannedObject {
  state: ObjectState;
  /**
   * The object as the target holds it once published: what is there (unchanged), or the bytes
   * to upload, gzip-encoded on the pool from planning on when the headers say so.
   */
  stored: Promise<StoredObject>;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Runs `task` over `items`, `limit` at a time; after a failure starts no more and rethrows it once the running ones end. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (!failures.length && next < items.length) {
      try {
        await task(items[next++]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length) throw failures[0];
}

const CONCURRENCY = 6;

export class ImmutableConflictError extends Error {
  constructor(location: string, conflicts: { key: string; there: string; here: string }[]) {
    super(
      `refused: ${conflicts.length} published object(s) on ${location} differ from this build, and a published build never changes:\n` +
        conflicts.map((c) => `  ${c.key}: sha256 ${c.there.slice(0, 16)}… on the target, ${c.here.slice(0, 16)}… here`).join('\n') +
        '\nnothing was written. Rebuild from a new commit (or with another SOURCE_DATE_EPOCH) to get a new build id.',
    );
    this.name = 'ImmutableConflictError';
  }
}

/** The content `existing` holds, in whatever encoding it is stored; null when it does not decode (it differs). */
function decodedOrNull(existing: StoredObject): Buffer | null {
  try {
    return contentOf(existing, '');
  } catch {
    return null;
  }
}

/**
 * Reads what the target holds of each object; refuses if one differs. Each object to upload that
 * is stored encoded starts encoding as soon as its read finds it missing (an object already there
 * is never encoded; after a refusal the encodings are dropped with the pool).
 */
export async function planObjects(target: StorageTarget, objects: PlannedObject[], encode: Encoder): Promise<ObjectPlan[]> {
  const plans = new Map<string, ObjectPlan>();
  const conflicts: { key: string; there: string; here: string }[] = [];
  await eachLimited(objects, CONCURRENCY, async (object) => {
    const there = await target.get(object.key);
    const content = there && decodedOrNull(there);
    if (there && !content?.equals(object.body)) conflicts.push({ key: object.key, there: sha256(content ?? there.body), here: sha256(object.body) });
    plans.set(object.key, there ? { ...object, state: 'unchanged', stored: Promise.resolve(there) } : { ...object, state: 'upload', stored: storedForm(object, encode) });
  });
  if (conflicts.length) throw new ImmutableConflictError(target.location, conflicts.sort((a, b) => a.key.localeCompare(b.key)));
  return objects.map((o) => plans.get(o.key)!);
}

/** The object as it will be stored: its content, or its gzip bytes (encoding starts now). */
function storedForm(object: PlannedObject, encode: Encoder): Promise<StoredObject> {
  if (!object.headers.contentEncoding) return Promise.resolve({ body: object.body, contentEncoding: null });
  const stored = encodeChecked(encode, object.body, object.key).then((body): StoredObject => ({ body, contentEncoding: 'gzip' }));
  // Awaited by the upload or the report; a failure before then (or after a refusal) must not be an unhandled rejection.
  stored.catch(() => undefined);
  return stored;
}

/**
 * Uploads the planned objects (those stored as they are first, while the encoded ones are still
 * being compressed), then reads every uploaded one back and compares the stored bytes. The
 * published manifest goes last, once the rest is there and verified: a build can only be promoted
 * through its manifest, so one that stopped part-way (a refused write, a failed encoder) cannot be.
 */
export async function uploadObjects(target: StorageTarget, plans: ObjectPlan[]): Promise<void> {
  const toUpload = plans.filter((p) => p.state === 'upload');
  const last = toUpload.filter((p) => isManifestKey(p.key));
  const rest = toUpload.filter((p) => !isManifestKey(p.key));
  const ordered = [...rest.filter((p) => !p.headers.contentEncoding), ...rest.filter((p) => p.headers.contentEncoding)];
  for (const wave of [ordered, last]) {
    await eachLimited(wave, CONCURRENCY, async (p) => target.put(p.key, (await p.stored).body, p.headers));
    await eachLimited(wave, CONCURRENCY, async (p) => {
      if (!(await readsBack(target, p.key, await p.stored))) throw new Error(`verification failed: ${target.location}/${p.key} does not read back as the bytes uploaded`);
    });
  }
}
