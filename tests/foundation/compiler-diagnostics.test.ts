import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { CompileError } from '../../compiler/diagnostics';
import type { Graph } from '../../compiler/graph-types';
import { compileDiagnostics } from '../helpers/diagnostics';
import { container, DECLARE, removeContainer, ruleSource } from '../helpers/container';

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const diagnosticsOf = compileDiagnostics('diag');

const okRule = (id: string, extra = '') =>
  ruleSource(`{ id: '${id}', description: 'ok', events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }]${extra} }`);

describe('compiler validation', () => {
  it('accepts a well-formed container without diagnostics', async () => {
    expect(await diagnosticsOf({ 'rules/a.ts': okRule('a') })).toEqual([]);
  });

  it('reports duplicate rule ids with both files', async () => {
    const d = await diagnosticsOf({ 'rules/a.ts': okRule('same'), 'rules/b.ts': okRule('same') });
    expect(d).toContainEqual(expect.objectContaining({ code: 'duplicate_id', severity: 'error', file: 'rules/b.ts', message: expect.stringContaining('rules/a.ts') }));
  });

  it('reports an unknown data element with a suggestion and the path to it', async () => {
    const d = await diagnosticsOf({
      'data-elements/page.ts': `import { dataLayerValue } from ${JSON.stringify(DECLARE)};\nexport const pageName = dataLayerValue('page.pageName');\n`,
      'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Completed'], conditions: [truthy(de('pageNam' as never))], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`, 'rule, de, truthy'),
    });
    expect(d).toContainEqual(
      expect.objectContaining({ code: 'unknown_data_element', file: 'rules/a.ts', path: ['conditions', 0, 'params', 'left'], message: expect.stringContaining('did you mean "pageName"') }),
    );
  });

  it('reports custom code that reads an unknown data element by name', async () => {
    const d = await diagnosticsOf({
      'data-elements/page.ts': `import { dataLayerValue } from ${JSON.stringify(DECLARE)};\nexport const pageName = dataLayerValue('page.pageName');\n`,
      'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'read', sends: 'necessary', run: (ctx) => ctx.get('pageNme' as never) }] }`),
    });
    expect(d).toContainEqual(expect.objectContaining({ code: 'unknown_data_element', path: ['actions', 0], message: expect.stringContaining('custom code reads unknown data element "pageNme" (did you mean "pageName"?)') }));
  });

  it('reports an event that has no schema', async () => {
    const d = await diagnosticsOf({ 'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Complete' as never], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`) });
    expect(d).toContainEqual(expect.objectContaining({ code: 'unknown_event', path: ['events', 0], message: expect.stringContaining('did you mean "Page Load Completed"') }));
  });

  it('reports a data-element cycle', async () => {
    const d = await diagnosticsOf({
      'data-elements/loop.ts': `import { derived } from ${JSON.stringify(DECLARE)};\nexport const a = derived(['b' as never], ([b]) => b);\nexport const b = derived(['c' as never], ([c]) => c);\nexport const c = derived(['a' as never], ([a]) => a);\n`,
    });
    const cycle = d.find((x) => x.code === 'data_element_cycle');
    expect(cycle?.message).toMatch(/a -> b -> c -> a/);
  });

  it('reports an invalid order and an invalid timeout on the rule', async () => {
    const d = await diagnosticsOf({ 'rules/a.ts': okRule('a', ', order: -3, timeout: 0') });
    expect(d).toContainEqual(expect.objectContaining({ code: 'invalid_rule', path: ['order'] }));
    expect(d).toContainEqual(expect.objectContaining({ code: 'invalid_rule', path: ['timeout'] }));
  });

  it('reports an action timeout that is not a whole number of milliseconds', async () => {
    const d = await diagnosticsOf({
      'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'slow', sends: 'necessary', timeout: 1.5, run: () => undefined }] }`),
    });
    expect(d).toContainEqual(expect.objectContaining({ code: 'invalid_rule', path: ['actions', 0, 'timeout'] }));
  });

  it('reports a schema that is not valid JSON Schema (ajv meta-validation)', async () => {
    const d = await diagnosticsOf({
      'schemas/bad.ts': `import { eventSchema } from ${JSON.stringify(DECLARE)};\nexport default eventSchema({ event: 'Bad', description: 'x', schema: { type: 'objekt', required: 'event' } });\n`,
    });
    expect(d.filter((x) => x.code === 'invalid_json_schema' && x.file === 'schemas/bad.ts').length).toBeGreaterThan(0);
  });

  it('reports a module that cannot be loaded, with its location, and still checks the others', async () => {
    const d = await diagnosticsOf({ 'rules/broken.ts': `export default rule({ id: 'x', ;\n`, 'rules/a.ts': okRule('a'), 'rules/b.ts': okRule('a') });
    expect(d).toContainEqual(expect.objectContaining({ code: 'load_failed', file: 'rules/broken.ts' }));
    expect(d).toContainEqual(expect.objectContaining({ code: 'duplicate_id' }));
  });

  it('reports a rules/ module whose default export is not a rule', async () => {
    const d = await diagnosticsOf({ 'rules/helper.ts': `export default { id: 'not-a-rule' };\n` });
    expect(d).toContainEqual(expect.objectContaining({ code: 'not_a_rule', file: 'rules/helper.ts' }));
  });

  it('reports an unknown kind and invalid kind params', async () => {
    const d = await diagnosticsOf({
      'rules/a.ts': ruleSource(
        `{ id: 'a', description: 'x', events: ['Page Load Completed'], conditions: [{ kind: 'pathh', params: {}, test: () => true } as never, pathStartsWith(42 as never)], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`,
        'rule, pathStartsWith',
      ),
    });
    expect(d).toContainEqual(expect.objectContaining({ code: 'unknown_kind', path: ['conditions', 0], message: expect.stringContaining('did you mean "path"') }));
    expect(d).toContainEqual(expect.objectContaining({ code: 'invalid_params', path: ['conditions', 1, 'params', 'value'] }));
  });

  it('warns, without failing, about a rule that can never fire', async () => {
    const root = container('dead', {
      'rules/a.ts': ruleSource(
        `{ id: 'a', description: 'x', events: ['Page Load Completed'], conditions: [pathStartsWith('/advisor'), not(pathStartsWith('/advisor'))], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`,
        'rule, pathStartsWith, not',
      ),
      'rules/b.ts': okRule('b', ", environments: []"),
    });
    roots.push(root);
    const result = await compile({ root, emit: false });
    const dead = result.diagnostics.filter((x) => x.code === 'dead_rule');
    expect(dead.map((x) => x.severity)).toEqual(['warning', 'warning']);
    expect(dead.map((x) => x.file).sort()).toEqual(['rules/a.ts', 'rules/b.ts']);
  });
});

describe('a rule switched off (enabled: false)', () => {
  it('is checked, left out of every bundle without a warning, and listed as off in graph.json', async () => {
    const root = container('off', {
      'rules/a.ts': okRule('a'),
      'rules/b.ts': ruleSource(`{ id: 'b', description: 'off by a site setting', enabled: false, events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => console.log('OFF_RULE_MARKER') }] }`),
    });
    roots.push(root);
    const result = await compile({ root, envs: ['prod', 'dev'] });
    expect(result.diagnostics).toEqual([]);
    for (const env of ['prod', 'dev']) {
      const graph = JSON.parse(readFileSync(join(result.outDir, env, 'graph.json'), 'utf8')) as Graph;
      expect(graph.rules.map((r) => r.id)).toEqual(['a']);
      expect(graph.off).toEqual([{ id: 'b', file: 'rules/b.ts', description: 'off by a site setting' }]);
      expect(graph.excluded.rules).toEqual(['b']);
      expect(result.bundles[env]!.code).not.toContain('OFF_RULE_MARKER');
    }
  });

  it('is still validated', async () => {
    const d = await diagnosticsOf({ 'rules/b.ts': ruleSource(`{ id: 'b', description: 'x', enabled: false, events: ['Page Load Complete'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`) });
    expect(d).toContainEqual(expect.objectContaining({ code: 'unknown_event', file: 'rules/b.ts' }));
  });
});

describe('a failed build', () => {
  it('exits with the errors and leaves the previous build/ untouched', async () => {
    const root = container('atomic', { 'rules/a.ts': okRule('a') });
    roots.push(root);
    const first = await compile({ root, envs: ['prod'] });
    const manifestBefore = readFileSync(join(first.outDir, 'manifest.json'), 'utf8');
    const bundle = join(first.outDir, 'prod', first.bundles.prod.fileName);
    expect(existsSync(bundle)).toBe(true);

    writeFileSync(join(root, 'rules', 'b.ts'), okRule('a'));
    await expect(compile({ root, envs: ['prod'] })).rejects.toBeInstanceOf(CompileError);
    expect(readFileSync(join(first.outDir, 'manifest.json'), 'utf8')).toBe(manifestBefore);
    expect(existsSync(bundle)).toBe(true);
  });
});
