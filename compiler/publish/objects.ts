import { createHash } from 'node:crypto';
import type { PlannedObject } from './local-build';
import { readsBack } from './read-back';
import type { StorageTarget } from './target';

// The immutable half of a publish: compare every object with what the target already holds,
// refuse before writing anything if one differs, upload the missing ones, read each back.

export type ObjectState = 'upload' | 'unchanged';

export interface ObjectPlan extends PlannedObject {
  state: ObjectState;
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

export async function planObjects(target: StorageTarget, objects: PlannedObject[]): Promise<ObjectPlan[]> {
  const plans = new Map<string, ObjectPlan>();
  const conflicts: { key: string; there: string; here: string }[] = [];
  await eachLimited(objects, CONCURRENCY, async (object) => {
    const existing = await target.get(object.key);
    if (existing && !existing.equals(object.body)) conflicts.push({ key: object.key, there: sha256(existing), here: sha256(object.body) });
    plans.set(object.key, { ...object, state: existing ? 'unchanged' : 'upload' });
  });
  if (conflicts.length) throw new ImmutableConflictError(target.location, conflicts.sort((a, b) => a.key.localeCompare(b.key)));
  return objects.map((o) => plans.get(o.key)!);
}

/** Uploads the planned objects, then reads every uploaded one back and compares the bytes. */
export async function uploadObjects(target: StorageTarget, plans: ObjectPlan[]): Promise<void> {
  const toUpload = plans.filter((p) => p.state === 'upload');
  await eachLimited(toUpload, CONCURRENCY, (p) => target.put(p.key, p.body, p.headers));
  await eachLimited(toUpload, CONCURRENCY, async (p) => {
    if (!(await readsBack(target, p.key, p.body))) throw new Error(`verification failed: ${target.location}/${p.key} does not read back as the bytes uploaded`);
  });
}
