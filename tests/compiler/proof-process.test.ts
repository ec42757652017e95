import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from 'typescript/unstable/async';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { CompileError, Diagnostics, type Diagnostic } from '../../compiler/diagnostics';
import { LARGE_PROJECT_MODULES } from '../../compiler/esbuild-api';
import { proveNetwork } from '../../compiler/phases/2-validate/network-proof';
import { dropWritesToGone, withProofProject } from '../../compiler/phases/2-validate/proof-process';
import { rule as declareRule } from '../../runtime/declare';
import { BIN } from '../helpers/bin';
import { container, DECLARE, removeContainer } from '../helpers/container';

// The network proofs of a Node process share one TypeScript API process
// (compiler/phases/2-validate/proof-process.ts): each proof reads the project as it is on disk
// then, proofs under way together keep their own findings, a process that ends is replaced, and a
// CLI ends when its work is done, with TypeScript's process after it.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const CODES = ['custom_network_use', 'send_category_unknown', 'send_category_mismatch', 'send_host_undeclared'];

/** A rule module whose one action declares `sends: 'necessary'` and runs `body`. */
const rule = (id: string, body: string, declare = JSON.stringify(DECLARE)) =>
  `import { rule } from ${declare};\nexport default rule({ id: '${id}', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'custom', sends: 'necessary', run: (ctx) => {\n  ${body}\n} }] });\n`;

/** The proof's findings of `tagc check` on `root`, as [file, code]. */
async function proofFindings(root: string): Promise<[string, string][]> {
  let diagnostics: Diagnostic[];
  try {
    diagnostics = (await compile({ root, emit: false })).diagnostics;
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    diagnostics = error.diagnostics;
  }
  return diagnostics.filter((d) => CODES.includes(d.code)).map((d) => [d.file, d.code]);
}

function project(files: Record<string, string>, options?: { linkRuntime?: boolean }): string {
  const root = container('proof-process', files, options);
  roots.push(root);
  return root;
}

/** Running processes of TypeScript's API (`tsc --api`) started by `pid`. */
function typescriptOf(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes('--api');
    } catch {
      return false; // ended
    }
  });
}

const running = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== ''; // a zombie's is empty
  } catch {
    return false;
  }
};

/** Whether `pid` has exited: a zombie, or reaped. */
const ended = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return true;
  }
};

const SENDS_NECESSARY = "void ctx.runtime.send('necessary', '/a');";
const SENDS_ADVERTISING = "void ctx.runtime.send('advertising', '/a');";

describe("TypeScript's process for the network proofs", () => {
  it('proves again in the same process, reading rule modules edited and added since', async () => {
    const root = project({ 'rules/r.ts': rule('r', SENDS_NECESSARY) });
    expect(await proofFindings(root)).toEqual([]);
    const first = typescriptOf(process.pid);
    expect(first).toHaveLength(1);
    writeFileSync(join(root, 'rules/r.ts'), rule('r', SENDS_ADVERTISING));
    expect(await proofFindings(root)).toEqual([['rules/r.ts', 'send_category_mismatch']]);
    writeFileSync(join(root, 'rules/added.ts'), rule('added', "void fetch('https://x.example/a');"));
    expect(await proofFindings(root)).toEqual([
      ['rules/added.ts', 'custom_network_use'],
      ['rules/r.ts', 'send_category_mismatch'],
    ]);
    expect(typescriptOf(process.pid)).toEqual(first);
  });

  it('keeps the findings of proofs under way together apart', async () => {
    const clean = project({ 'rules/r.ts': rule('r', SENDS_NECESSARY) });
    const mislabelled = project({ 'rules/r.ts': rule('r', SENDS_ADVERTISING) });
    const fetching = project({ 'rules/r.ts': rule('r', "void fetch('https://x.example/a');") });
    expect(await Promise.all([proofFindings(clean), proofFindings(mislabelled), proofFindings(fetching)])).toEqual([[], [['rules/r.ts', 'send_category_mismatch']], [['rules/r.ts', 'custom_network_use']]]);
    expect(typescriptOf(process.pid)).toHaveLength(1);
  });

  it('replaces a process that ended between proofs and one that ends during a proof', async () => {
    const root = project({ 'rules/r.ts': rule('r', SENDS_NECESSARY) });
    expect(await proofFindings(root)).toEqual([]);
    const [idle] = typescriptOf(process.pid);
    process.kill(idle!, 'SIGKILL');
    await expect.poll(() => running(idle!)).toBe(false);
    writeFileSync(join(root, 'rules/r.ts'), rule('r', SENDS_ADVERTISING));
    expect(await proofFindings(root)).toEqual([['rules/r.ts', 'send_category_mismatch']]);

    // With no process left, the next proof starts one: stopped as soon as it appears, so that it
    // cannot answer the proof, then ended.
    const [replaced] = typescriptOf(process.pid);
    process.kill(replaced!, 'SIGKILL');
    await expect.poll(() => running(replaced!)).toBe(false);
    writeFileSync(join(root, 'rules/r.ts'), rule('r', "void fetch('https://x.example/a');"));
    let settled = false;
    const proof = proofFindings(root).finally(() => (settled = true));
    let started: number | undefined;
    await expect.poll(() => (started = typescriptOf(process.pid)[0]), { interval: 5 }).toBeDefined();
    process.kill(started!, 'SIGSTOP');
    expect(settled).toBe(false);
    process.kill(started!, 'SIGKILL');
    expect(await proof).toEqual([['rules/r.ts', 'custom_network_use']]);
    expect(typescriptOf(process.pid)).not.toContain(started);
  }, 60_000);

  it('takes a write to a process that has exited as its exit: the proof fails with it, and no rejection is left unhandled (EPIPE)', async () => {
    const root = project({ 'tsconfig.json': JSON.stringify({ files: ['a.ts'] }), 'a.ts': 'export const a = 1;\n' });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      let request: Promise<unknown> | undefined;
      const proof = withProofProject(join(root, 'tsconfig.json'), async (p) => {
        const pids = typescriptOf(process.pid);
        expect(pids).toHaveLength(1);
        // The request is written in a later turn of Node's loop (the client queues its writes):
        // the process is ended before it, and waited for without giving the loop a turn, until it
        // is a zombie (its files, the pipe's reading end among them, are closed).
        request = p.program.getSourceFileNames();
        process.kill(pids[0]!, 'SIGKILL');
        while (!ended(pids[0]!));
        return request;
      });
      await expect(proof).rejects.toThrow("TypeScript's process exited (SIGKILL)");
      await expect(request).rejects.toThrow();
      // A rejection left unhandled is reported after the microtasks of the turn that made it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled.map((e) => `${(e as NodeJS.ErrnoException).code}: ${String(e)}`)).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('starts no process for a proof that calls the API after its process has exited: the call fails with the exit', async () => {
    const root = project({ 'tsconfig.json': JSON.stringify({ files: ['a.ts'] }), 'a.ts': 'export const a = 1;\n' });
    let program: Project['program'] | undefined;
    try {
      const proof = withProofProject(join(root, 'tsconfig.json'), async (p) => {
        program = p.program;
        process.kill(typescriptOf(process.pid)[0]!, 'SIGKILL');
        await program.getSourceFileNames().catch(() => undefined);
        return new Promise<never>(() => undefined); // still under way when the exit is seen
      });
      await expect(proof).rejects.toThrow("TypeScript's process exited (SIGKILL)");
      // The proof goes on calling the API once its process has gone and its client was closed.
      const late = program!.getSourceFileNames();
      await late.catch(() => undefined);
      expect(typescriptOf(process.pid)).toEqual([]);
      await expect(late).rejects.toThrow("TypeScript's process exited (SIGKILL)");
    } finally {
      typescriptOf(process.pid).forEach((pid) => process.kill(pid, 'SIGKILL'));
    }
  });

  it('fails every call made once the process has gone with its exit: at its exit, when its output closes and at its close', async () => {
    const root = project({ 'tsconfig.json': JSON.stringify({ files: ['a.ts'] }), 'a.ts': 'export const a = 1;\n' });
    const calls: Promise<string>[] = [];
    try {
      const proof = withProofProject(join(root, 'tsconfig.json'), async (p) => {
        // The API keeps its client and TypeScript's process private; the test watches that process.
        const child: unknown = Reflect.get(Reflect.get(p, 'client') as object, 'process');
        if (!(child instanceof ChildProcess)) throw new Error('no process');
        // What each call fails with, made as the event is emitted (after the proof process's own listeners).
        const call = (when: string) => calls.push(p.program.getSourceFileNames().then(() => `${when}: answered`, (error: unknown) => `${when}: ${String(error)}`));
        child.once('exit', () => call('exit'));
        child.stdout!.once('close', () => call('output closed'));
        child.once('close', () => call('close'));
        child.kill('SIGKILL');
        return new Promise<never>(() => undefined);
      });
      await expect(proof).rejects.toThrow("TypeScript's process exited (SIGKILL)");
      await expect.poll(() => calls.length).toBe(3);
      const failures = await Promise.all(calls);
      expect(failures.sort()).toEqual(['close', 'exit', 'output closed'].map((when) => `${when}: Error: TypeScript's process exited (SIGKILL)`));
      expect(typescriptOf(process.pid)).toEqual([]);
    } finally {
      typescriptOf(process.pid).forEach((pid) => process.kill(pid, 'SIGKILL'));
    }
  });

  it("takes a write to a child's closed pipe as done and passes other outcomes on", async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: ['pipe', 'ignore', 'ignore'] });
    await new Promise((resolve) => child.once('exit', resolve));
    dropWritesToGone(child.stdin!);
    child.stdin!.on('error', () => undefined); // the stream's own report of the same error
    const written = (data: string) => new Promise((resolve) => child.stdin!.write(data, (error) => resolve(error ?? 'done')));
    // The child has exited and Node has closed its pipe: unwrapped, each write fails with ERR_STREAM_DESTROYED.
    expect(await written('a')).toBe('done');
    expect(await written('b')).toBe('done');
  });

  it("ends the process after a large project's proof, and keeps it after a small one's", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < LARGE_PROJECT_MODULES; i++) files[`rules/r${i}.ts`] = `export default ${i};\n`;
    const root = project(files);
    const rules = Object.keys(files).map((file, i) => ({ file, abs: join(root, file), exportName: 'default', value: declareRule({ id: `r${i}`, description: 'x', events: ['Page Load Completed'], actions: [] }) }));
    const small = rules.slice(0, 2);
    await proveNetwork(small, new Diagnostics());
    const [kept] = typescriptOf(process.pid);
    await proveNetwork(small, new Diagnostics());
    expect(typescriptOf(process.pid)).toEqual([kept]);
    expect(await proveNetwork(rules, new Diagnostics())).toEqual(expect.arrayContaining(rules.map((r) => r.abs)));
    // The next proof, small, starts a process of its own.
    await proveNetwork(small, new Diagnostics());
    expect(typescriptOf(process.pid).filter((pid) => pid !== kept)).toHaveLength(1);
    await expect.poll(() => running(kept!)).toBe(false);
  });

  it('lets the CLI end once its work is done, and TypeScript ends with it', async () => {
    const root = project({ 'rules/r.ts': rule('r', SENDS_NECESSARY, "'../runtime/declare'") }, { linkRuntime: true });
    // When Node's event loop has nothing left: which of TypeScript's processes the CLI still has.
    const hook = join(root, 'at-exit.mjs');
    writeFileSync(
      hook,
      `import { readdirSync, readFileSync } from 'node:fs';
let told = false;
process.on('beforeExit', () => {
  if (told) return;
  told = true;
  const children = readdirSync('/proc/self/task').flatMap((t) => readFileSync('/proc/self/task/' + t + '/children', 'utf8').split(' ').filter(Boolean));
  const api = children.filter((c) => { try { return readFileSync('/proc/' + c + '/cmdline', 'utf8').split('\\0').includes('--api'); } catch { return false; } });
  process.stderr.write('typescript at exit: ' + JSON.stringify(api.map(Number)) + '\\n');
});
`,
    );
    const r = spawnSync(process.execPath, ['--import', hook, BIN, 'check'], { cwd: root, env: { ...process.env, TAGC_ROOT: root }, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const atExit = /^typescript at exit: (.*)$/m.exec(r.stderr);
    const pids = JSON.parse(atExit?.[1] ?? 'null') as number[] | null;
    // The CLI did not wait for TypeScript's process: it was still there, idle, when Node's loop emptied.
    expect(pids).toHaveLength(1);
    await expect.poll(() => running(pids![0]!)).toBe(false);
  });
});
