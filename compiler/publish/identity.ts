import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { Manifest } from '../graph-types';
import { BUILD_ID } from './layout';

// What names a published build and who moves it.

/** A bundle's SRI value, as the manifest gives it. */
export const integrityOf = (bytes: Buffer): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** First 12 hex of SHA-256 over `<env> <integrity>` lines, sorted: the same bundles give the same hash. */
export function buildHash(manifest: Pick<Manifest, 'environments'>): string {
  const lines = Object.entries(manifest.environments)
    .map(([env, entry]) => `${env} ${entry!.integrity}\n`)
    .sort();
  return createHash('sha256').update(lines.join('')).digest('hex').slice(0, 12);
}

export const buildIdOf = (commit: string, hash: string): string => `${commit.slice(0, 12)}-${hash}`;

export function checkBuildId(id: string): string {
  if (!BUILD_ID.test(id)) throw new Error(`"${id}" is not a build id (<commit>-<build hash>, as tagc publish and tagc releases print it)`);
  return id;
}

/** --commit, else GITHUB_SHA, else the checkout's HEAD. */
export function commitOf(root: string, explicit?: string): string {
  const sha = explicit ?? process.env.GITHUB_SHA ?? gitHead(root);
  if (!sha) throw new Error(`cannot tell which commit this build is from: ${root} is not a git checkout; pass --commit <sha>`);
  if (!/^[0-9a-f]{7,40}$/.test(sha)) throw new Error(`"${sha}" is not a commit SHA (7 to 40 lower-case hex digits)`);
  return sha;
}

function gitHead(root: string): string | null {
  const r = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** --actor, else the CI actor and run, else the local user name. */
export function actorOf(explicit?: string): string {
  if (explicit) return explicit;
  const env = process.env;
  if (env.GITHUB_ACTIONS === 'true' && env.GITHUB_ACTOR) return `${env.GITHUB_ACTOR} (${env.GITHUB_WORKFLOW ?? 'workflow'} run ${env.GITHUB_RUN_ID ?? '?'})`;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

export function tagcVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
