import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTscOutput } from '../../compiler/typecheck';
import { tagcInProcess } from '../helpers/cli';
import { container, removeContainer } from '../helpers/container';

// `tagc build` fails on a TypeScript error in a container module (a rule reading a payload field
// its schema lacks), leaving build/ as it was; `tagc check` reports compiler and TypeScript
// errors together in one run. Every build calls main(), what the bin runs, in this process
// (tests/helpers/cli.ts); tests/foundation/cli.test.ts runs `tagc build` as a shell does.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));


const SCHEMA = `import { eventSchema } from '../runtime/declare';
export default eventSchema({ event: 'Fund Added', description: 'x', schema: { type: 'object', required: ['event', 'fund'], properties: { event: { const: 'Fund Added' }, fund: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } });
`;
/** A rule that logs a field of the Fund Added payload (line 4 reads it). */
const reading = (field: string) => `import { rule } from '../runtime/declare';
export default rule({ id: 'fund-log', description: 'x', events: ['Fund Added'],
  actions: [{ label: 'log', sends: 'necessary',
    run: (ctx) => console.log(ctx.event.payload.fund.${field}) }] });
`;

function sample(name: string, files: Record<string, string>): string {
  const root = container(name, { 'schemas/fund-added.ts': SCHEMA, ...files }, { linkRuntime: true });
  roots.push(root);
  return root;
}

/**
 * A first build two tests start from, run once: a build of a new container costs about 1.5 s of
 * CPU in tsc and the network proof (each loads the ~290 files the runtime's types reach). What
 * the build left is read at once, so each test asserts on it whichever of the two runs first;
 * the second goes on from there.
 */
function firstBuild<T>(build: () => Promise<T>): () => Promise<T> {
  let done: Promise<T> | undefined;
  return () => (done ??= build());
}

/** A container whose rule type-checks, after its first build. */
const cleanBuild = firstBuild(async () => {
  const root = sample('tc-ok', { 'rules/fund-log.ts': reading('id') });
  const run = await tagcInProcess(['build', '--env', 'prod'], root);
  return { root, run, manifest: existsSync(join(root, 'build', 'manifest.json')) };
});

/** A container whose rule reads a payload field its schema lacks, after its first build. */
const failedBuild = firstBuild(async () => {
  const root = sample('tc-bad', { 'rules/fund-log.ts': reading('name') });
  const run = await tagcInProcess(['build', '--env', 'prod'], root);
  return { root, run, build: existsSync(join(root, 'build')) };
});

describe('tagc build with type errors', () => {
  it('builds a container whose rules type-check', async () => {
    const { run: r, manifest } = await cleanBuild();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^typecheck\s+\d+ ms$/m);
    expect(manifest).toBe(true);
  });

  it('fails, located at the line, when a rule reads a payload field its schema lacks, and writes no build', async () => {
    const { run: r, build } = await failedBuild();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error type_error: rules\/fund-log\.ts:4:\d+: Property 'name' does not exist on type .* \(TS2339\)$/m);
    expect(r.stderr).toContain('build/ left as it was');
    expect(build).toBe(false);
  });

  // tsc starts with the build, before the build writes the generated payload types: a run that
  // finds them as they were must still fail, and one that writes them anew must check again.
  it('checks against the generated types of this build, whether or not it wrote them anew', async () => {
    const { root, run: first } = await failedBuild();
    expect(first.status).toBe(1);
    const again = await tagcInProcess(['build', '--env', 'prod'], root);
    expect(again.stdout).not.toMatch(/^generated /m);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^error type_error: rules\/fund-log\.ts:4:\d+: Property 'name' does not exist/m);
    writeFileSync(join(root, 'schemas', 'fund-added.ts'), SCHEMA.replace("id: { type: 'string' } }", "id: { type: 'string' }, name: { type: 'string' } }"));
    const fixed = await tagcInProcess(['build', '--env', 'prod'], root);
    expect(fixed.stdout).toMatch(/^generated schemas\/generated\/payloads\.ts$/m);
    expect(fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
  }, 360_000);
});

// A clean check is kept with every file of its program (compiler/typecheck.ts, KeptCheck): the
// next build starts no tsc while each is as it was, and checks again as soon as one is not.
describe('a clean check kept between builds', () => {
  it('starts no tsc while every file is as the clean check found it, and checks again once one changes', async () => {
    const { root, run: first } = await cleanBuild();
    expect(first.status).toBe(0);
    const keptFile = join(root, 'node_modules', '.cache', 'tagc', 'typecheck.v8');
    expect(existsSync(keptFile)).toBe(true);

    // A type error the kept check is told it has seen: the build takes the kept answer.
    const broken = reading('name');
    writeFileSync(join(root, 'rules', 'fund-log.ts'), broken);
    const entries = deserialize(readFileSync(keptFile)) as Map<string, Uint8Array>;
    for (const [key, entry] of entries) {
      const check = deserialize(entry) as { files: [string, string][] };
      const files = check.files.map(([file, state]): [string, string] => [file, file === 'rules/fund-log.ts' ? createHash('sha256').update(broken).digest('hex') : state]);
      expect(files).not.toEqual(check.files);
      entries.set(key, serialize({ files }));
    }
    writeFileSync(keptFile, serialize(entries));
    expect((await tagcInProcess(['build', '--env', 'prod'], root)).status).toBe(0);

    // The same error as a real edit would leave it: tsc runs and finds it.
    writeFileSync(join(root, 'rules', 'fund-log.ts'), reading('title'));
    const found = await tagcInProcess(['build', '--env', 'prod'], root);
    expect(found.status).toBe(1);
    expect(found.stderr).toMatch(/^error type_error: rules\/fund-log\.ts:4:\d+: Property 'title' does not exist/m);
  }, 360_000);
});

describe('a clean check kept between builds, and the project configuration', () => {
  it('checks again when a tsconfig the project extends changes, though no module does', async () => {
    const base = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, skipLibCheck: true, isolatedModules: true, allowImportingTsExtensions: true, resolveJsonModule: true, noEmit: true, types: [] } };
    const unusedLocal = `import { rule } from '../runtime/declare';\nconst unused = 1;\nexport default rule({ id: 'fund-log', description: 'x', events: ['Fund Added'], actions: [{ label: 'log', sends: 'necessary', run: () => undefined }] });\n`;
    const root = sample('tc-kept-config', { 'rules/fund-log.ts': unusedLocal, 'tsconfig.base.json': JSON.stringify(base), 'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json', include: ['rules', 'data-elements', 'schemas'] }) });
    expect((await tagcInProcess(['build', '--env', 'prod'], root)).status).toBe(0);
    writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { ...base.compilerOptions, noUnusedLocals: true } }));
    const r = await tagcInProcess(['build', '--env', 'prod'], root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error type_error: rules\/fund-log\.ts:2:\d+: 'unused' is declared but its value is never read/m);
  }, 360_000);
});

describe('tagc check', () => {
  it('reports compiler and TypeScript errors together in one run', async () => {
    const root = sample('tc-check', {
      'rules/fund-log.ts': reading('name'),
      'rules/other.ts': `import { rule } from '../runtime/declare';\nexport default rule({ id: 'Other Rule', description: 'x', events: ['Fund Added'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] });\n`,
    });
    const r = await tagcInProcess(['check'], root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error invalid_rule: rules\/other\.ts:2:\d+ at id: rule id must be lower-case kebab-case/m);
    expect(r.stderr).toMatch(/^error type_error: rules\/fund-log\.ts:4:\d+: Property 'name' does not exist/m);
    expect(r.stderr).toContain('tagc check: 2 error(s)');
  });
});

describe('tsc output', () => {
  it('becomes located diagnostics, continuation lines joined, paths relative to the project', () => {
    const out = [
      '/p/rules/a.ts(3,9): error TS2322: Type \'string\' is not assignable to type \'number\'.',
      "  Type 'x' is not assignable to type 'y'.",
      "error TS5083: Cannot read file '/p/base.json'.",
      '',
    ].join('\n');
    expect(parseTscOutput(out, '/p', '/p/tsconfig.json')).toEqual([
      expect.objectContaining({ code: 'type_error', severity: 'error', file: 'rules/a.ts', line: 3, column: 9, message: "Type 'string' is not assignable to type 'number'. Type 'x' is not assignable to type 'y'. (TS2322)" }),
      expect.objectContaining({ code: 'type_error', file: 'tsconfig.json', message: "Cannot read file '/p/base.json'. (TS5083)" }),
    ]);
  });
});
