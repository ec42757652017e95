import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { simulate } from '../../compiler/simulate';
import { container, DECLARE, removeContainer, ruleSource } from '../helpers/container';

// Prod shortens the runtime's internal property names (5-emit/mangled-props.ts). A data-layer
// payload is the page's data, not the bundle's: custom code that reads a payload field spelled
// like one of those names (kind, settings, region, linkName) must read the page's field.

let root: string;
beforeAll(async () => {
  root = container('mangled-payload', {
    'schemas/thing-happened.ts': `import { eventSchema } from ${JSON.stringify(DECLARE)};
export default eventSchema({ event: 'Thing Happened', description: 'x', schema: { type: 'object', properties: { event: { const: 'Thing Happened' }, kind: { type: 'string' }, linkName: { type: 'string' }, settings: { type: 'object', properties: { region: { type: 'string' } } } } } });
`,
    'rules/report.ts': ruleSource(
      `{ id: 'report', description: 'x', events: ['Thing Happened'], actions: [{ label: 'report', sends: 'necessary', hosts: ["'self'"], run: (ctx) => { const p = ctx.event.payload as { kind: string; linkName: string; settings: { region: string } }; return ctx.runtime.send('necessary', '/collect?kind=' + p.kind + '&link=' + p.linkName + '&region=' + p.settings.region); } }] }`,
    ),
  });
  const result = await compile({ root, envs: ['test', 'prod'] });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(JSON.stringify(errors));
}, 180_000);
afterAll(() => removeContainer(root));

describe("payload fields named like the runtime's shortened properties", () => {
  it.each(['test', 'prod'])('%s: custom code reads them as the page pushed them', async (env) => {
    const r = await simulate({ env, buildDir: join(root, 'build'), url: 'https://www.firm.example/', push: [{ event: 'Thing Happened', kind: 'fund', linkName: 'Open', settings: { region: 'emea' } }] });
    expect(r.requests.map((q) => q.url)).toEqual(['https://www.firm.example/collect?kind=fund&link=Open&region=emea']);
  });
});
