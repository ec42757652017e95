import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, type DiagnosticCode } from '../../compiler/diagnostics';
import { diagnosticsMarkdown } from '../../compiler/diagnostics/docs';
import { compileDiagnostics } from '../helpers/diagnostics';
import { DECLARE, REPO, ruleSource } from '../helpers/container';

// Every catalogued code can actually be reported: one small sample project per code (typed as a
// record over every code, so a new code without a sample does not compile). And
// docs/diagnostics.md is what `npm run docs:diagnostics` writes from the catalogue.

const api = JSON.stringify(DECLARE);
const dl = (name: string, path = 'page.pageName') => `export const ${name} = dataLayerValue('${path}');\n`;
const deModule = (body: string) => `import { dataLayerValue } from ${api};\n${body}`;
const schema = (event: string, body = `{ type: 'object' }`) => `import { eventSchema } from ${api};\nexport default eventSchema({ event: '${event}', description: 'x', schema: ${body} });\n`;
const noop = `{ label: 'noop', sends: 'necessary', run: () => undefined }`;
const rule = (id: string, extra = '', actions = noop) => ruleSource(`{ id: '${id}', description: 'x', events: ['Page Load Completed'], actions: [${actions}]${extra} }`, 'rule, de, isTruthy, pathStartsWith, consentGranted');

const TRACK = JSON.stringify(join(REPO, 'runtime', 'actions', 'analytics-event.ts'));
/** A rule sending a link hit with analytics event `number` on the data-layer event `on`. */
const sender = (id: string, on: string, number: string) => `import { rule } from ${api};
import { trackEvent } from ${TRACK};
export default rule({ id: '${id}', description: 'x', events: ['${on}'], consent: 'analytics',
  actions: [trackEvent({ settings: { trackingServer: 'metrics.example', reportSuite: 'rs', identity: null }, linkName: '${id}', events: ['${number}'] })] });
`;

// type_error comes from tsc over a project with its own tsconfig; tests/foundation/typecheck.test.ts
// reports it through `tagc build` and `tagc check`.
const SAMPLES: Record<Exclude<DiagnosticCode, 'type_error'>, Record<string, string>> = {
  load_failed: { 'rules/broken.ts': `export default rule({ id: 'x', ;\n` },
  not_a_rule: { 'rules/helper.ts': `export default { id: 'not-a-rule' };\n` },
  not_a_schema: { 'schemas/helper.ts': `export default { title: 'not a schema' };\n` },
  no_site_config: { 'rules/site.config.ts': `export const site = { allowedDomains: ['firm.example'] };\n` },
  invalid_rule: { 'rules/a.ts': rule('a', ', order: -1') },
  invalid_data_element: { 'data-elements/page.ts': deModule(`export const pageName = { ...dataLayerValue('page.pageName'), storage: 'forever' as never };\n`) },
  invalid_schema_declaration: { 'schemas/bad.ts': `import { eventSchema } from ${api};\nexport default eventSchema({ event: 'Bad', schema: { type: 'object' } } as never);\n` },
  invalid_params: { 'rules/a.ts': rule('a', `, conditions: [pathStartsWith(42 as never)]`) },
  unknown_kind: { 'rules/a.ts': rule('a', `, conditions: [{ kind: 'paht', params: {}, test: () => true } as never]`) },
  unknown_event: { 'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Complete' as never], actions: [${noop}] }`) },
  unknown_data_element: { 'rules/a.ts': rule('a', `, conditions: [isTruthy(de('pageNam' as never))]`) },
  duplicate_id: { 'rules/a.ts': rule('same'), 'rules/b.ts': rule('same') },
  duplicate_data_element: { 'data-elements/a.ts': deModule(dl('pageName')), 'data-elements/b.ts': deModule(dl('pageName')) },
  duplicate_schema: { 'schemas/zz-again.ts': schema('Page Load Completed') },
  invalid_json_schema: { 'schemas/bad.ts': schema('Bad', `{ type: 'objekt' }`) },
  data_element_cycle: { 'data-elements/loop.ts': `import { derived } from ${api};\nexport const a = derived(['b' as never], ([b]) => b);\nexport const b = derived(['a' as never], ([a]) => a);\n` },
  invalid_consent_exemption: { 'rules/a.ts': rule('a', `, conditions: [consentGranted('advertising', { exceptPaths: ['/x'] })]`) },
  ungated_action: { 'rules/a.ts': rule('a', '', `{ label: 'pixel', sends: 'advertising', run: () => undefined }`) },
  dead_rule: { 'rules/a.ts': rule('a', `, environments: []`) },
  custom_network_use: { 'rules/a.ts': rule('a', `, consent: 'advertising'`, `{ label: 'pixel', sends: 'advertising', run: () => { void fetch('https://px.example/a'); } }`) },
  send_category_unknown: { 'rules/a.ts': rule('a', `, consent: 'advertising'`, `{ label: 'pixel', sends: 'advertising', hosts: ['px.example'], run: (ctx) => { const c = 'advertising' as const; void ctx.runtime.send(c, 'https://px.example/a'); } }`) },
  send_category_mismatch: { 'rules/a.ts': rule('a', `, consent: 'advertising'`, `{ label: 'pixel', sends: 'necessary', hosts: ['px.example'], run: (ctx) => { void ctx.runtime.send('advertising', 'https://px.example/a', { via: 'image' }); } }`) },
  send_host_undeclared: { 'rules/a.ts': rule('a', '', `{ label: 'pixel', sends: 'necessary', run: (ctx) => { void ctx.runtime.send('necessary', 'https://px.example/a', { via: 'image' }); } }`) },
  duplicate_analytics_event: { 'schemas/one.ts': schema('One Thing'), 'schemas/two.ts': schema('Two Thing'), 'rules/a.ts': sender('a', 'One Thing', 'event54'), 'rules/b.ts': sender('b', 'Two Thing', 'event54') },
};


const diagnosticsOf = compileDiagnostics('catalogue');

describe('the diagnostics catalogue', () => {
  it.each(Object.entries(SAMPLES) as [DiagnosticCode, Record<string, string>][])('reports %s from its sample project, with its catalogued severity and fix', async (code, files) => {
    const d = await diagnosticsOf(files);
    const hit = d.find((x) => x.code === code);
    expect(hit, JSON.stringify(d, null, 1)).toBeDefined();
    expect(hit!.severity).toBe(CATALOGUE[code].severity);
    expect(hit!.fix).toBe(CATALOGUE[code].fix);
    expect(Object.keys(files)).toContain(hit!.file);
  });

  it('carries the line and column of the place in the declaration that the source spells out', async () => {
    const source = [
      `import { rule, de, isTruthy, pathStartsWith } from ${api};`,
      'export default rule({',
      "  id: 'a',",
      "  description: 'x',",
      "  events: ['Page Load Completed'],",
      "  conditions: [pathStartsWith('/a'), isTruthy(de('pageNam' as never))],",
      `  actions: [${noop}],`,
      '});',
      '',
    ].join('\n');
    const d = await diagnosticsOf({ 'rules/a.ts': source, 'rules/b.ts': rule('a'), 'data-elements/page.ts': deModule(dl('pageName')) });
    expect(d.find((x) => x.code === 'unknown_data_element')).toMatchObject({ file: 'rules/a.ts', path: ['conditions', 1, 'params', 'left'], line: 6, column: 38 });
    expect(d.find((x) => x.code === 'duplicate_id')).toMatchObject({ file: 'rules/b.ts', line: 2 });
  });

  it('docs/diagnostics.md is up to date with the catalogue (npm run docs:diagnostics)', () => {
    expect(readFileSync(join(REPO, 'docs', 'diagnostics.md'), 'utf8')).toBe(diagnosticsMarkdown());
  });

  it('docs/diagnostics.md lists every code with its severity, an example message and the fix', () => {
    const doc = readFileSync(join(REPO, 'docs', 'diagnostics.md'), 'utf8');
    expect(doc).toContain('## `unknown_data_element`');
    expect(doc).toContain('error unknown_data_element: <file>: unknown data element "pageNam" (did you mean "pageName"?)');
    expect(doc).toContain('| [`dead_rule`](#dead_rule) | warning | A rule can never fire |');
    for (const code of Object.keys(CATALOGUE)) expect(doc).toContain(`## \`${code}\``);
  });
});
