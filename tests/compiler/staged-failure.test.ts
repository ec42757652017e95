import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { container, DECLARE, removeContainer } from '../helpers/container';

// Each environment's bundle, map and graph.json are staged as soon as they are made
// (compiler/phases/5-emit/staging.ts). A build that fails after that, here on a schema whose event
// cannot name its schema document (the last thing emit makes, after every graph.json), must
// still leave the output folder as it was, with no staging folder in it.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const SITE = `export default {
  allowedDomains: ['firm.example', 'localhost'],
  hosts: { schemaService: 'schemas.firm.example' },
  validation: { schemaService: { prefix: 'schemas', organization: 'firm', property: 'web' } },
};
`;
const SLASHED = `import { eventSchema } from ${JSON.stringify(DECLARE)};
export default eventSchema({ event: 'Fund/Added', description: 'x', schema: { type: 'object', properties: { event: { const: 'Fund/Added' } } } });
`;

function failingContainer(): string {
  const root = container('staged-failure', { 'rules/site.config.ts': SITE, 'schemas/fund-added.ts': SLASHED });
  roots.push(root);
  return root;
}

describe('a build that fails after its files were staged', () => {
  it('leaves the previous output as it was', async () => {
    const root = failingContainer();
    const outDir = join(root, 'out');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'kept.txt'), 'from the last build');
    await expect(compile({ root, outDir, envs: ['prod', 'test'] })).rejects.toThrow(/cannot name a schema document/);
    expect(readdirSync(outDir)).toEqual(['kept.txt']);
  });

  it('leaves no output folder when there was none', async () => {
    const root = failingContainer();
    const outDir = join(root, 'out', 'build');
    await expect(compile({ root, outDir, envs: ['prod'] })).rejects.toThrow(/cannot name a schema document/);
    expect(existsSync(join(root, 'out'))).toBe(false);
  });
});
