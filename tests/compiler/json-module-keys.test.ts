import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { simulateScript } from '../../compiler/simulate';
import { container, removeContainer, ruleSource } from '../helpers/container';

// A JSON module's keys reach a bundle as esbuild's JSON loader writes them, whole; a key that is
// also one of the runtime's shortened names (compiler/phases/5-emit/mangled-props.ts) must then
// stay whole in the code that reads it, or the setting is lost in prod.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

// Every category granted from the start (a site without a consent manager), so the pixel sends.
const consent = ruleSource(`{ id: 'consent', description: 'x', order: 1, events: ['Page Load Completed'], actions: [impliedConsent()] }`, 'rule, impliedConsent');
const pixelRule = (extra: string) =>
  ruleSource(`{ id: 'pixel', description: 'x', consent: 'advertising', events: ['Page Load Completed'], actions: [activityPixel({ host: 'ad.doubleclick.net', src: '1', type: 't', cat: 'c'${extra} })] }`, 'rule, activityPixel');

async function pixelUrls(root: string): Promise<string[]> {
  const { bundles } = await compile({ root, envs: ['prod'] });
  const code = bundles.prod.code;
  const result = await simulateScript({ code, file: 'container.0.min.js', hash: '0' }, { env: 'prod', url: 'https://www.firm.example/', push: [{ event: 'Page Load Completed' }] });
  return result.requests.map((r) => r.url).filter((url) => url.includes('doubleclick'));
}

describe("a JSON module's keys in a prod bundle", () => {
  it('carry a setting a rule spreads from a JSON file, whose key is one of the shortened names (a pixel\'s npa)', async () => {
    const fromJson = container('json-keys', { 'rules/consent.ts': consent, 'rules/pixel.ts': `import flags from '../settings/pixel-flags.json';\n` + pixelRule(', ...flags'), 'settings/pixel-flags.json': JSON.stringify({ npa: true }) });
    const inCode = container('json-keys-code', { 'rules/consent.ts': consent, 'rules/pixel.ts': pixelRule(', npa: true') });
    roots.push(fromJson, inCode);
    const [json, code] = await Promise.all([pixelUrls(fromJson), pixelUrls(inCode)]);
    expect(code).toHaveLength(1);
    expect(code[0]).toContain(';npa=1;');
    expect(json).toHaveLength(1);
    expect(json[0]).toContain(';npa=1;');
  }, 120_000);
});
