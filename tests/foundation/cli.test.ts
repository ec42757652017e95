import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { tagcInProcess } from '../helpers/cli';
import { container, REPO, removeContainer, ruleSource } from '../helpers/container';
import { tagcProcess } from '../helpers/bin';

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));


// The first test runs the bin in a process of its own, as a shell does; the others call the same
// main() in this process (tests/helpers/cli.ts).
describe('tagc CLI', () => {
  it('builds, printing each phase time and each bundle size', () => {
    // Type-checked as `tagc build` does: the rule imports the container's own runtime.
    const rule = `import { rule } from '../runtime/declare';\nexport default rule({ id: 'a', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] });\n`;
    const root = container('cli-ok', { 'rules/a.ts': rule }, { linkRuntime: true });
    roots.push(root);
    const r = tagcProcess(['build', '--env', 'prod', '--env', 'dev'], root);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^load\s+\d+ ms$/m);
    expect(r.stdout).toMatch(/^prod\s+build\/prod\/container\.[0-9a-f]{16}\.min\.js\s+[\d.]+ KB \([\d.]+ KB gzip\)/m);
    expect(existsSync(join(root, 'build', 'manifest.json'))).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(join(root, 'build', 'manifest.json'), 'utf8')).environments).sort()).toEqual(['dev', 'prod']);
  });

  it('fails with located diagnostics and a non-zero exit on a malformed rule module', async () => {
    const root = container('cli-bad', { 'rules/a.ts': ruleSource(`{ id: 'Bad Id', description: '', events: [], actions: [] }`) });
    roots.push(root);
    const r = await tagcInProcess(['build'], root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('error invalid_rule: rules/a.ts:2:23 at id: rule id must be lower-case kebab-case');
    expect(r.stderr).toContain('error invalid_rule: rules/a.ts:2:54 at events: rule events needs at least one event');
    expect(r.stderr).toMatch(/build\/ left as it was/);
    expect(existsSync(join(root, 'build'))).toBe(false);
  });

  it('rejects an unknown environment and an unknown command', async () => {
    const root = container('cli-env', {});
    roots.push(root);
    expect((await tagcInProcess(['build', '--env', 'qa'], root)).stderr).toContain('unknown environment "qa"');
    expect((await tagcInProcess(['launch'], root)).status).toBe(2);
  });

  it('simulate reports a missing build clearly', async () => {
    const root = container('cli-sim', {});
    roots.push(root);
    const r = await tagcInProcess(['simulate', '--env', 'prod'], root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('run `tagc build` first');
  });
});

describe('generated types', () => {
  it('are up to date with the declarations (run `tagc check` after changing a schema or data element)', async () => {
    const result = await compile({ root: REPO, emit: false });
    for (const [file, content] of Object.entries(result.generated)) expect(readFileSync(file, 'utf8'), file).toBe(content);
  });
});
