import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { container, DECLARE, removeContainer } from '../helpers/container';

// A build keeps its per-module work (each module stripped and parsed, rewritten for the bundles,
// and what it reads from the site configuration) under node_modules/.cache/tagc, and the next
// build of the same modules reads it back instead of working again (compiler/kept-outputs.ts).
// What is kept must never be stale: an edited module is worked again.

const SITE = `export const site = { allowedDomains: ['firm.example', 'localhost'], hosts: { first: 'first-host.firm.example', second: 'second-host.firm.example' } };\nexport default site;\n`;
const rule = (hostPath: string, marker: string) => `import { rule } from ${JSON.stringify(DECLARE)};
import { site } from './site.config';
export default rule({ id: 'report', description: 'Reports the page (viewer-only words)', events: ['Page Load Completed'], actions: [{ label: 'report', sends: 'necessary', hosts: ["'self'"], run: (ctx) => ctx.runtime.send('necessary', '/collect?marker=${marker}&host=' + ${hostPath}) }] });
`;

let root: string;
const cache = () => join(root, 'node_modules', '.cache', 'tagc');
const prodCode = (result: Awaited<ReturnType<typeof compile>>) => result.bundles.prod.code;
const build = (keep = true, outDir = join(root, 'build')) => compile({ root, envs: ['test', 'prod'], keep, outDir, buildTime: '2026-01-01T00:00:00.000Z' });

beforeAll(() => {
  root = container('kept-module-work', { 'rules/site.config.ts': SITE, 'rules/report.ts': rule('site.hosts.first', 'original')});
});
afterAll(() => removeContainer(root));

/** Replaces kept entries of `file` (V8's serialization of a Map of serialized values) by what `edit` returns for them (undefined: leaves it). */
function tamper(file: string, edit: (value: unknown) => unknown): number {
  const entries = deserialize(readFileSync(file)) as Map<string, Uint8Array>;
  let edited = 0;
  for (const [key, entry] of entries) {
    const value = edit(deserialize(entry));
    if (value === undefined) continue;
    entries.set(key, serialize(value));
    edited++;
  }
  writeFileSync(file, serialize(entries));
  return edited;
}

/** Rewrites `from` to `to` in the kept stripped code of the modules holding it; how many. */
const rewriteKeptCode = (from: string, to: string) =>
  tamper(join(cache(), 'stripped-modules.v8'), (value) => {
    const js = (value as { js?: { code: string } }).js;
    if (!js?.code.includes(from)) return undefined;
    js.code = js.code.replace(from, to);
    return value;
  });

describe('per-module work kept between builds', () => {
  it('builds the same bundles with kept work, from kept work, and without it', async () => {
    const first = await build();
    for (const name of ['stripped-modules.v8', 'rewritten-modules.v8', 'site-facts.v8']) expect(existsSync(join(cache(), name)), name).toBe(true);
    const second = await build();
    const none = await build(false, join(root, 'build-unkept'));
    for (const env of ['test', 'prod']) {
      expect(second.bundles[env].code, env).toBe(first.bundles[env].code);
      expect(none.bundles[env].code, env).toBe(first.bundles[env].code);
      expect(none.bundles[env].map, env).toBe(first.bundles[env].map);
    }
    expect(prodCode(first)).toContain('marker=original');
    // The site configuration is cut to what the modules read.
    expect(prodCode(first)).toContain('first-host.firm.example');
    expect(prodCode(first)).not.toContain('second-host.firm.example');
  }, 120_000);

  it('reads the kept module back rather than working it again', async () => {
    await build();
    expect(rewriteKeptCode('marker=original', 'marker=fromkept')).toBe(1);
    expect(prodCode(await build())).toContain('marker=fromkept');
  }, 120_000);

  it('works an edited module again, and cuts the site configuration to its new reads', async () => {
    await build();
    writeFileSync(join(root, 'rules', 'report.ts'), rule('site.hosts.second', 'edited'));
    const code = prodCode(await build());
    expect(code).toContain('marker=edited');
    expect(code).not.toContain('marker=fromkept');
    expect(code).not.toContain('marker=original');
    expect(code).toContain('second-host.firm.example');
    expect(code).not.toContain('first-host.firm.example');
    const unkept = prodCode(await build(false, join(root, 'build-unkept')));
    expect(code).toBe(unkept);
  }, 120_000);

  it('ignores kept files that do not hold what they should', async () => {
    const clean = prodCode(await build(false, join(root, 'build-unkept')));
    writeFileSync(join(cache(), 'stripped-modules.v8'), 'not a serialization');
    expect(tamper(join(cache(), 'rewritten-modules.v8'), (value) => ({ ...(value as object), js: 42 }))).toBeGreaterThan(0);
    // Facts of the wrong shape: kept as they are, the site configuration would be cut to nothing.
    expect(tamper(join(cache(), 'site-facts.v8'), () => ({ not: 'facts' }))).toBeGreaterThan(0);
    expect(prodCode(await build())).toBe(clean);
  }, 120_000);

  it("shares the kept work with a build of another tree of the project (tagc diff's base) through keptIn", async () => {
    const other = container('kept-module-work-other', { 'rules/site.config.ts': SITE, 'rules/report.ts': rule('site.hosts.first', 'shared') });
    try {
      const otherBuild = () => compile({ root: other, envs: ['prod'], keptIn: cache(), outDir: join(other, 'build'), buildTime: '2026-01-01T00:00:00.000Z' });
      await otherBuild();
      expect(existsSync(join(other, 'node_modules', '.cache', 'tagc', 'stripped-modules.v8'))).toBe(false);
      expect(rewriteKeptCode('marker=shared', 'marker=sharedkept')).toBe(1);
      expect(prodCode(await otherBuild())).toContain('marker=sharedkept');
    } finally {
      removeContainer(other);
    }
  }, 120_000);
});
