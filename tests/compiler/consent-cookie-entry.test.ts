import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { simulate } from '../../compiler/simulate';
import { container, removeContainer, ruleSource } from '../helpers/container';

// The site config's dataLayer.consentCookie (docs/validation.md): the entry brings the wait for it
// (runtime/core/consent-cookie.ts) only when a cookie is named, and the data layer then attaches
// only once that cookie exists.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const seen = ruleSource("{ id: 'seen', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'seen', sends: 'necessary', run: () => undefined }] }", 'rule');

async function built(siteConfig: string): Promise<string> {
  const root = container('consent-cookie-entry', { 'rules/site.config.ts': siteConfig, 'rules/seen.ts': seen });
  roots.push(root);
  await compile({ root, envs: ['prod'] });
  return root;
}

const run = (root: string, cookies: string[]) => simulate({ env: 'prod', buildDir: join(root, 'build'), url: 'https://www.firm.example/', push: [{ event: 'Page Load Completed' }], cookies });
const prodCode = (root: string) => {
  const manifest = JSON.parse(readFileSync(join(root, 'build', 'manifest.json'), 'utf8')) as { environments: { prod: { file: string } } };
  return readFileSync(join(root, 'build', manifest.environments.prod.file), 'utf8');
};

let waiting: string;
let atOnce: string;
beforeAll(async () => {
  waiting = await built(`export default { allowedDomains: ['firm.example', 'localhost'], dataLayer: { consentCookie: 'OptanonAlertBoxClosed' } };\n`);
  atOnce = await built(`export default { allowedDomains: ['firm.example', 'localhost'] };\n`);
}, 120_000);

describe("the entry's consent-cookie wait", () => {
  it('holds the data layer until the named cookie exists', async () => {
    expect((await run(waiting, [])).fired).toEqual([]);
    expect((await run(waiting, ['OptanonAlertBoxClosed=1'])).fired.map((f) => f.rule)).toEqual(['seen']);
  });

  it('is carried only by a bundle whose site names a cookie', async () => {
    expect(prodCode(waiting)).toContain('OptanonAlertBoxClosed');
    expect((await run(atOnce, [])).fired.map((f) => f.rule)).toEqual(['seen']);
    expect(prodCode(atOnce).length).toBeLessThan(prodCode(waiting).length - 100);
  });
});
