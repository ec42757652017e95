import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { CompileError, type Diagnostic } from '../../compiler/diagnostics';
import { container, DECLARE, removeContainer } from '../helpers/container';

// The network proof's findings are kept between builds with the files TypeScript loaded for it
// (compiler/phases/2-validate/kept-proof.ts): a build whose rules, project file list and every
// one of those files are unchanged takes them; any change proves again.

const HELPER = `export const path = () => '/collect';\n`;
const RULE = `import { rule } from ${JSON.stringify(DECLARE)};
import { path } from './lib/paths';
export default rule({ id: 'r', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'report', sends: 'necessary', hosts: ["'self'"], run: (ctx) => ctx.runtime.send('necessary', path()) }] });
`;

let root: string;
const keptFile = () => join(root, 'node_modules', '.cache', 'tagc', 'network-proof.v8');
const FAKE: Diagnostic = { code: 'custom_network_use', severity: 'error', file: 'rules/r.ts', path: [], message: 'found by the kept proof' };

async function build(): Promise<Diagnostic[]> {
  try {
    return (await compile({ root, envs: ['prod'], buildTime: '2026-01-01T00:00:00.000Z' })).diagnostics;
  } catch (error) {
    if (error instanceof CompileError) return error.diagnostics;
    throw error;
  }
}

/** Puts FAKE among the findings of every kept proof. */
function tamper(): void {
  const entries = deserialize(readFileSync(keptFile())) as Map<string, Uint8Array>;
  for (const [key, entry] of entries) {
    const proof = deserialize(entry) as { files: [string, string][]; found: Diagnostic[] };
    entries.set(key, serialize({ ...proof, found: [...proof.found, FAKE] }));
  }
  writeFileSync(keptFile(), serialize(entries));
}

const messages = (list: Diagnostic[]) => list.map((d) => d.message);

beforeAll(() => {
  root = container('kept-proof', { 'rules/r.ts': RULE, 'rules/lib/paths.ts': HELPER });
});
afterAll(() => removeContainer(root));

describe('network proofs kept between builds', () => {
  it('keeps the proof of a build that passed, with the files it read, and takes it while nothing changed', async () => {
    expect(messages(await build())).not.toContain(FAKE.message);
    expect(existsSync(keptFile())).toBe(true);
    const kept = [...(deserialize(readFileSync(keptFile())) as Map<string, Uint8Array>).values()].map((e) => deserialize(e) as { files: [string, string][] });
    expect(kept).toHaveLength(1);
    expect(kept[0].files.map(([f]) => f)).toEqual(expect.arrayContaining(['rules/r.ts', 'rules/lib/paths.ts']));
    tamper();
    expect(messages(await build())).toContain(FAKE.message);
  }, 120_000);

  it('proves again when a module the rule imports changes', async () => {
    tamper();
    writeFileSync(join(root, 'rules', 'lib', 'paths.ts'), `export const path = () => { void fetch('https://elsewhere.example/'); return '/collect'; };\n`);
    const found = await build();
    expect(messages(found)).not.toContain(FAKE.message);
    expect(found.find((d) => d.code === 'custom_network_use')).toMatchObject({ file: 'rules/lib/paths.ts', line: 1 });
    // Back as it was: the findings kept for these very files are taken again.
    writeFileSync(join(root, 'rules', 'lib', 'paths.ts'), HELPER);
    expect(messages(await build())).toContain(FAKE.message);
  }, 120_000);

  it('keeps the new proof after proving again, in place of the old one', async () => {
    writeFileSync(join(root, 'rules', 'lib', 'paths.ts'), `export const path = () => '/collect/v2';\n`);
    expect(messages(await build())).not.toContain(FAKE.message);
    tamper();
    expect(messages(await build())).toContain(FAKE.message);
  }, 120_000);

  it('takes the kept proof in a compile without output (tagc check), which writes nothing, and not with keep: false', async () => {
    writeFileSync(join(root, 'rules', 'lib', 'paths.ts'), `export const path = () => '/collect/v3';\n`);
    expect(messages(await build())).not.toContain(FAKE.message);
    tamper();
    const before = readFileSync(keptFile());
    const check = async (keep?: boolean) => messages((await compile({ root, emit: false, keep }).catch((error: unknown) => ({ diagnostics: (error as CompileError).diagnostics }))).diagnostics);
    expect(await check()).toContain(FAKE.message);
    expect(await check(false)).not.toContain(FAKE.message);
    expect(readFileSync(keptFile()).equals(before)).toBe(true);
    // An edited module makes the check prove again; what it found is not written either.
    writeFileSync(join(root, 'rules', 'lib', 'paths.ts'), `export const path = () => '/collect/v4';\n`);
    expect(await check()).not.toContain(FAKE.message);
    expect(readFileSync(keptFile()).equals(before)).toBe(true);
  }, 120_000);

  it('proves again when a file is added to the project, though nothing imports it yet', async () => {
    tamper();
    writeFileSync(join(root, 'rules', 'lib', 'unused.ts'), 'export const unused = 1;\n');
    expect(messages(await build())).not.toContain(FAKE.message);
  }, 120_000);
});
