import type { z } from 'zod';
import type { EnvName } from '../graph-types';
import { readContent } from './encoding';
import { historyKey, manifestKey, pointerKey } from './layout';
import { publishedBuildSchema, releaseHistorySchema, releaseRecordSchema, type Pointer, type PublishedBuild, type ReleaseHistory } from './release-types';
import type { StorageTarget } from './target';

// Reading the JSON documents back from a target: a missing one is null, a malformed one a clear
// error naming it (a hand-edited or truncated history must stop a move, never be overwritten).

async function readJson<T>(target: StorageTarget, key: string, schema: z.ZodType<T>, what: string): Promise<T | null> {
  const bytes = await readContent(target, key);
  if (!bytes) return null;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${target.location}/${key} is not valid JSON (${(error as Error).message}); fix or remove it before moving pointers`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${target.location}/${key} is not ${what}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

export async function readPublishedBuild(target: StorageTarget, buildId: string): Promise<PublishedBuild> {
  const manifest = await readJson(target, manifestKey(buildId), publishedBuildSchema, 'a published manifest');
  if (!manifest) throw new Error(`no build ${buildId} on ${target.location}: it was never published there, or tagc prune removed it (tagc releases lists the builds each environment ran)`);
  if (manifest.publish.buildId !== buildId) throw new Error(`${target.location}/${manifestKey(buildId)} names build ${manifest.publish.buildId}, not ${buildId}`);
  return manifest;
}

export const readPointer = (target: StorageTarget, env: EnvName): Promise<Pointer | null> => readJson(target, pointerKey(env), releaseRecordSchema, 'a release pointer');

export async function readHistory(target: StorageTarget, env: EnvName): Promise<ReleaseHistory> {
  const history = await readJson(target, historyKey(env), releaseHistorySchema, 'a release history');
  if (history && history.env !== env) throw new Error(`${target.location}/${historyKey(env)} is the history of "${history.env}", not "${env}"`);
  return history ?? { env, releases: [] };
}
