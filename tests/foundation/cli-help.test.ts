import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagcInProcess } from '../helpers/cli';

// Every command the usage lists answers --help with its own text and does nothing else: run
// from an empty folder, a command that went on to work would fail or write there.

const COMMANDS = ['init', 'new', 'build', 'check', 'simulate', 'diff', 'serve', 'bench', 'import', 'publish', 'promote', 'rollback', 'releases', 'prune', 'snippet', 'csp'];

let empty: string;
beforeAll(() => {
  empty = mkdtempSync(join(tmpdir(), 'tagc-help-'));
});
afterAll(() => rmSync(empty, { recursive: true, force: true }));
const runCli = (args: string[]) => tagcInProcess(args, empty);

describe('tagc <command> --help', () => {
  it('the usage lists every command', async () => {
    const usage = await runCli(['--help']);
    expect(usage.status).toBe(0);
    const listed = [...usage.stdout.matchAll(/^ {2}tagc (\w+)/gm)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(COMMANDS));
  });

  it.each(COMMANDS)('%s --help prints its own help and exits 0', async (command) => {
    const r = await runCli([command, '--help']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^tagc ${command}\\b`));
    expect(r.stdout.split('\n').length).toBeGreaterThan(2);
    expect(readdirSync(empty)).toEqual([]);
  });

  it.each(['build', 'check', 'serve'])('%s refuses an unknown option instead of running', async (command) => {
    const r = await runCli([command, '--bogus']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Unknown option '--bogus'");
    expect(readdirSync(empty)).toEqual([]);
  });
});
