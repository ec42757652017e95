import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulate } from '../../compiler/simulate/index';
import type { Env } from '../../runtime/declare/types';
import { realBuild } from '../helpers/real-build';

// The repository's container built for every environment: validator code only where validation
// is on (test, dev, stg), never in prod or internal; no bundle needs eval or new Function; the
// schema service documents are written; an invalid Page Load Started warns in dev, not in prod.

const out = realBuild();
const bundles: Partial<Record<Env, string>> = {};

beforeAll(async () => {
  for (const env of ['test', 'dev', 'stg', 'prod', 'internal'] as Env[]) {
    const file = readdirSync(join(out, env)).find((f) => /^container\.[0-9a-f]+\.min\.js$/.test(f))!;
    bundles[env] = readFileSync(join(out, env, file), 'utf8');
  }
});

// Text only the validation code carries: its warning, ajv's error objects, the schema service
// client (the schema host itself is in site.config, which prod bundles carry for other reasons).
const MARKERS = ['EVENT PAYLOAD VALIDATION FAILED', 'instancePath', 'missingProperty', 'tagc.schema.', 'Schema service request'];

describe('validator code in the bundles', () => {
  it.each(['test', 'dev', 'stg'] as Env[])('is in the %s bundle', (env) => {
    for (const marker of MARKERS) expect(bundles[env]!.includes(marker), marker).toBe(true);
  });

  it.each(['prod', 'internal'] as Env[])('is absent from the %s bundle', (env) => {
    for (const marker of MARKERS) expect(bundles[env]!.includes(marker), marker).toBe(false);
  });

  it.each(['test', 'dev', 'stg', 'prod', 'internal'] as Env[])('needs neither eval nor new Function in the %s bundle', (env) => {
    expect(/\beval\(|new Function\b|\bFunction\(/.exec(bundles[env]!)?.[0] ?? 'none').toBe('none');
  });
});

describe('schema service documents', () => {
  const folder = join(out, 'schemas', 'schemas', 'firm', 'web', '0.1.0');

  it('writes one JSON Schema per validated event under build/schemas/{prefix}/{organization}/{property}/{build}/', () => {
    const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as { build: string; events: string[] };
    expect(index.build).toBe('0.1.0');
    expect(index.events).toContain('Page Load Started');
    expect(index.events).toContain('Multi-Media Reached 75%');
    for (const event of index.events) expect(existsSync(join(folder, `${event}.json`)), event).toBe(true);
    const doc = JSON.parse(readFileSync(join(folder, 'CTA Clicked.json'), 'utf8')) as Record<string, unknown>;
    expect(doc).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', title: 'CTA Clicked', properties: { event: { const: 'CTA Clicked' } }, required: ['event', 'linkInfo'] });
  });
});

describe('an invalid Page Load Started through tagc simulate', () => {
  const push = [{ event: 'Page Load Started', page: { pageName: 'us > funds', siteCountry: 'usa', baseURL: 'https://www.firm.example/us/funds.html?x=1' } }, { event: 'Page Load Completed' }];
  const run = (env: Env) => simulate({ env, url: 'https://www.firm.example/us/funds.html', push, buildDir: out });

  it('is warned in dev with each error, and its rules still fire', async () => {
    const r = await run('dev');
    const warnings = r.console.filter((c) => c.text.includes('EVENT PAYLOAD VALIDATION FAILED'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe('warn');
    expect(warnings[0].text).toContain('"Page Load Started"');
    expect(warnings[0].text).toContain('page.siteCountry: string does not match pattern');
    expect(warnings[0].text).toContain('page.baseURL: string does not match pattern');
    expect(warnings[0].text).toContain('user: missing required property');
    expect(r.fired.some((f) => f.event === 'Page Load Started')).toBe(true);
    expect(r.fired.some((f) => f.event === 'Page Load Completed')).toBe(true);
  });

  it('is not validated in prod, which fires the same rules', async () => {
    const [dev, prod] = [await run('dev'), await run('prod')];
    expect(prod.console.filter((c) => c.text.includes('VALIDATION'))).toEqual([]);
    const events = (r: typeof dev) => r.fired.map((f) => f.event).filter((e) => e === 'Page Load Started' || e === 'Page Load Completed');
    expect(events(prod)).toEqual(events(dev));
  });
});
