import { ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { API, Project } from 'typescript/unstable/async';

// TypeScript's API process, one for the network proofs of a Node process (network-proof.ts): a
// start costs about 0.2 s of CPU, and a test run or a watching server proves again and again.
// Each proof opens its tsconfig in a snapshot of its own, in which TypeScript reads every file
// from disk again, so a proof sees the files as they are when it starts; snapshots are immutable,
// so proofs under way together each keep theirs. Between proofs the process holds nothing that
// keeps Node running (a CLI exits once its work is done; TypeScript then reads the end of its
// input and exits) and is closed after IDLE_MS without a proof. A process that exits is replaced
// for the next proof, never for the proof it leaves (closeApi).
// A large project's proof ends it, as a large build ends esbuild's (esbuild-api.ts): at 5,000
// rules the program it keeps is hundreds of MB, held while the build bundles.

const IDLE_MS = 5_000;

interface Shared {
  api: API;
  /** The process started (before any request: two requests sent before it had started would start two). */
  started: Promise<void>;
  /** TypeScript's process, once started, if the API's client shows it (else each proof has a process of its own, as before). */
  child?: ChildProcess;
  /** Rejects when the process exits: a request under way then never settles. */
  exited: Promise<never>;
  exit: (error: Error) => void;
  /** Ends the process with Node's. */
  end: () => void;
  /** Proofs under way, by tsconfig. */
  using: Map<string, number>;
  /** tsconfigs opened and not closed yet (each is closed by the next snapshot that no longer needs it). */
  open: Set<string>;
  idle?: NodeJS.Timeout;
}

let shared: Shared | undefined;

/** The API's JSON-RPC client (private to the API: reached by name). */
function clientOf(api: API): object | undefined {
  const client: unknown = Reflect.get(api, 'client');
  return client && typeof client === 'object' ? client : undefined;
}

function start(api: API): Shared {
  let reject: (error: Error) => void = () => undefined;
  const exited = new Promise<never>((_, r) => (reject = r));
  exited.catch(() => undefined); // awaited only while a proof is under way
  const s: Shared = { api, started: Promise.resolve(), exited, exit: (error) => reject(error), end: () => s.child?.kill(), using: new Map(), open: new Set() };
  s.started = connect(s);
  s.started.catch(() => undefined); // awaited by each proof
  return s;
}

/** Starts TypeScript's process and takes it as `s.child` (the API keeps its client and process private). */
async function connect(s: Shared): Promise<void> {
  const client = clientOf(s.api);
  const begin: unknown = client && Reflect.get(client, 'connect');
  if (!client || typeof begin !== 'function') return;
  const connected: unknown = Reflect.apply(begin, client, []);
  await connected;
  const child: unknown = Reflect.get(client, 'process');
  if (!(child instanceof ChildProcess)) return;
  s.child = child;
  if (child.stdin) dropWritesToGone(child.stdin);
  locateFailures(client, child, s.exited);
  // A process whose output has closed answers nothing more: ended, its exit comes.
  child.stdout?.once('close', s.end);
  const exited = () => {
    const error = new Error(`TypeScript's process exited (${child.signalCode ?? child.exitCode})`);
    s.exit(error);
    close(s, error, true);
  };
  if (child.exitCode !== null || child.signalCode !== null) exited();
  else child.once('exit', exited);
  process.once('exit', s.end);
}

/**
 * A request of the client that fails once its process has gone fails with why: the reason its API
 * was closed with (the exit's, when it exited), or, made after TypeScript's output closed and before
 * its exit is seen, with that exit. The JSON-RPC connection's own errors say neither: "Connection is
 * closed." once the output has closed, "Pending response rejected since connection got disposed"
 * for a request under way when the client is closed.
 */
function locateFailures(client: object, child: ChildProcess, exited: Promise<never>): void {
  const request: unknown = Reflect.get(client, 'apiRequest');
  if (typeof request !== 'function') return;
  const gone = () => child.exitCode !== null || child.signalCode !== null || !!child.stdout?.closed;
  Reflect.set(client, 'apiRequest', async (...args: unknown[]): Promise<unknown> => {
    try {
      const answer: unknown = Reflect.apply(request, client, args);
      return await answer;
    } catch (error) {
      const reason = closedWith.get(client);
      if (reason) throw reason;
      if (gone()) return exited;
      throw error;
    }
  });
}

/**
 * A request written to TypeScript's process after it has gone fails twice in the API's client:
 * the request is rejected (a proof sees that, or the exit first), and the write's error (EPIPE
 * while the pipe is open, ERR_STREAM_DESTROYED once it is closed) is thrown again inside a promise
 * executor, where nothing can catch it: an unhandled rejection, which ends a CLI and fails a test
 * run. So does a write queued before the exit was seen and made after the client, closing, ended
 * the pipe (ERR_STREAM_WRITE_AFTER_END). Such a write is taken as done; its request then waits
 * for the exit, which rejects the proof (Shared.exited) and closes the client, which rejects the
 * requests it still waits for.
 */
export function dropWritesToGone(stdin: Writable): void {
  const write = stdin.write;
  const gone = (error: Error | null | undefined) => !!error && ['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END'].includes((error as NodeJS.ErrnoException).code ?? '');
  stdin.write = function (this: Writable, chunk: unknown, ...rest: unknown[]): boolean {
    const done = rest.findIndex((r) => typeof r === 'function');
    if (done >= 0) {
      const callback = rest[done] as (error?: Error | null) => void;
      rest[done] = (error?: Error | null) => callback(gone(error) ? null : error);
    }
    return Reflect.apply(write, this, [chunk, ...rest]) as boolean;
  } as Writable['write'];
}

/** Whether the process and its pipes keep Node's event loop alive: only while a proof is under way. */
function hold(child: ChildProcess, held: boolean): void {
  for (const handle of [child, child.stdin, child.stdout]) {
    if (handle instanceof ChildProcess || handle instanceof Socket) {
      if (held) handle.ref();
      else handle.unref();
    }
  }
}

function close(s: Shared, reason?: Error, gone = false): void {
  if (shared === s) shared = undefined;
  clearTimeout(s.idle);
  process.off('exit', s.end);
  closeApi(s.api, reason, gone).catch(() => undefined);
}

/** Why a closed API's calls fail, by its client: the first reason closeApi was given. */
const closedWith = new WeakMap<object, Error>();

/**
 * Closes `api` for good: its client, once closed, would start a new process for the next call (a
 * proof still calling after its process has gone), one that nothing closes and that keeps a CLI
 * from ending. Such a call fails with `reason` instead, the first given (a process that exited is
 * closed again when the proof under way fails). The client of a process that has `gone` is closed
 * first, which rejects the requests it waits for: the API's own close asks the process to release
 * its snapshots, and would wait for answers that never come, or fail on the closed connection
 * before it closed the client.
 */
function closeApi(api: API, reason = new Error("TypeScript's process was closed: the proof had ended"), gone = false): Promise<void> {
  const client = clientOf(api);
  if (client && !closedWith.has(client)) {
    closedWith.set(client, reason);
    Reflect.set(client, 'connect', () => Promise.reject(reason));
  }
  const closeClient: unknown = client && Reflect.get(client, 'close');
  if (gone && typeof closeClient === 'function') Promise.resolve(Reflect.apply(closeClient, client, [])).catch(() => undefined);
  return api.close();
}

/** The project of `config` in a snapshot that opened it. */
function projectOf(snapshot: { getProject(config: string): Project | undefined }, config: string): Project {
  const project = snapshot.getProject(config);
  if (!project) throw new Error('TypeScript did not load the rule modules');
  return project;
}

/** `use` on the project of `config` in a process of its own, closed after it. */
async function alone<T>(api: API, config: string, use: (project: Project) => Promise<T>): Promise<T> {
  try {
    return await use(projectOf(await api.updateSnapshot({ openProjects: [config] }), config));
  } finally {
    await closeApi(api);
  }
}

/**
 * `use` run on the project of `config` (a tsconfig whose name changes with its content: TypeScript
 * reads a tsconfig it has opened once, whatever change it is told of) in a snapshot taken now, in
 * the shared process. A failure, or `last` (a large project), leaves the process to no later
 * proof (it may be what failed): it is closed once the proofs under way in it end.
 */
export async function withProofProject<T>(config: string, use: (project: Project) => Promise<T>, { last = false } = {}): Promise<T> {
  const { API } = await import('typescript/unstable/async');
  const s = (shared ??= start(new API()));
  clearTimeout(s.idle);
  s.using.set(config, (s.using.get(config) ?? 0) + 1);
  let failed = false;
  try {
    await Promise.race([s.started, s.exited]);
    if (!s.child) {
      if (shared === s) shared = undefined;
      return await alone(new API(), config, use);
    }
    hold(s.child, true);
    // Opened tsconfigs no proof uses any more are closed here rather than in a request of their own.
    const unused = [...s.open].filter((c) => !s.using.has(c));
    unused.forEach((c) => s.open.delete(c));
    s.open.add(config);
    const work = (async () => {
      const snapshot = await s.api.updateSnapshot({ openProjects: [config], closeProjects: unused, fileChanges: { invalidateAll: true } });
      // The client keeps the files it fetched for the next snapshot unless TypeScript names them
      // changed, and after invalidateAll it names none: a file edited since would be read as it was.
      s.api.clearSourceFileCache();
      try {
        return await use(projectOf(snapshot, config));
      } finally {
        await snapshot.dispose();
      }
    })();
    work.catch(() => undefined); // when the process exited first
    return await Promise.race([work, s.exited]);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    const left = s.using.get(config)! - 1;
    if (left) s.using.set(config, left);
    else s.using.delete(config);
    if (failed || last || !s.child) {
      if (shared === s) shared = undefined;
      if (!s.using.size) close(s);
    } else if (!s.using.size) {
      hold(s.child, false);
      s.idle = setTimeout(() => close(s), IDLE_MS).unref();
    }
  }
}
