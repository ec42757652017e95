import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLaunch, LaunchParseError } from '../../compiler/import/launch';
import { writeImport } from '../../compiler/import/launch/write';
import { tagcProcess } from '../helpers/bin';
import { tagcInProcess } from '../helpers/cli';
import { REPO, removeContainer } from '../helpers/container';
import { FIXTURES, importAndBuild, type ImportedContainer } from '../helpers/launch';

// `tagc import launch` on the edge-case library (a self-hosted folder: minified custom code, code in
// separate files, types with no tagc kind, unreadable settings) and on malformed input.

const EDGE = join(FIXTURES, 'edge');
const TMP = join(REPO, '.tagc-tmp', `launch-import-${process.pid}`);
const where = (subject: string, component = '') => ({ subject: expect.stringContaining(subject), component: expect.stringContaining(component) });

let edge: ImportedContainer;
beforeAll(async () => {
  edge = await importAndBuild('edge', EDGE);
  mkdirSync(TMP, { recursive: true });
}, 120_000);
afterAll(() => {
  edge?.remove();
  removeContainer(TMP);
});

describe('the import report', () => {
  it('lists each type with no tagc kind, with its rule or data element and the reason', () => {
    const e = edge.imported.report.entries;
    expect(e).toContainEqual({ finding: 'not mapped', ...where('rule "Hover promo" (RLe1)', 'event 1 (core/src/lib/events/hover.js)'), reason: 'no tagc kind for the event type core/src/lib/events/hover.js' });
    expect(e).toContainEqual({ finding: 'not mapped', ...where('rule "Hover promo" (RLe1)'), reason: 'none of its events maps to tagc: the rule is not imported' });
    expect(e).toContainEqual({ finding: 'not mapped', ...where('rule "Sampled"', 'condition 1 (core/src/lib/conditions/sampling.js)'), reason: expect.stringContaining('no tagc kind') });
    expect(e).toContainEqual({ finding: 'not mapped', ...where('data element "Visitor Type"', 'visitorBehavior.js'), reason: expect.stringContaining('no tagc kind') });
    expect(e).toContainEqual({ finding: 'not mapped', ...where('rule "Broken code"', 'action 3 (vendor-x/src/lib/actions/pixel.js)'), reason: expect.stringContaining('no tagc kind') });
    expect(e).toContainEqual({ finding: 'not mapped', ...where('extension "vendor-x"'), reason: expect.stringContaining('no equivalent') });
  });

  it('flags custom code that reaches the network by itself, and HTML custom code', () => {
    const reasons = edge.imported.report.entries.filter((x) => x.subject.includes('HTML pixel')).map((x) => x.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('HTML custom code'),
        expect.stringContaining('(creates an image request (new Image))'),
        expect.stringContaining('(calls fetch())'),
        expect.stringContaining('(sends an analytics beacon with s.t())'),
        expect.stringContaining("AppMeasurement's `s` object"),
      ]),
    );
  });

  it('says where a setting cannot be read without running the library, and where code is not valid JavaScript', () => {
    const e = edge.imported.report.entries;
    expect(e).toContainEqual({ finding: 'not mapped', ...where('data element "Dynamic"'), reason: 'its settings hold the variable someGlobal (line 4), which cannot be read without running the library' });
    expect(e).toContainEqual({ finding: 'not mapped', ...where('rule "Broken code"', 'action 1'), reason: expect.stringMatching(/^custom code is not valid JavaScript \(.+\)$/) });
  });

  it('writes the report with the renamed data elements', () => {
    const md = readFileSync(join(edge.root, 'launch-import-report.md'), 'utf8');
    expect(md).toContain('| data element "Visitor Type" |');
    expect(md).toContain('| Page Name | `pageName` |');
    expect(md).toContain('| 2nd Level | `de2ndLevel` |');
  });
});

describe('custom code', () => {
  it('comes from the separate files of a self-hosted folder, with getVar names rewritten, one statement a line', () => {
    const code = readFileSync(join(edge.root, 'rules', 'launch', 'lib', 'external-code.ts'), 'utf8');
    expect(code.split('\n')[0]).toMatch(/^\/\/ @ts-nocheck -- custom code imported from Adobe Launch/);
    expect(code).toContain('var n = _satellite.getVar("pageName");\n  document.cookie = "seen=" + n + "; path=/";');
    expect(edge.imported.report.entries).toContainEqual({ finding: 'not mapped', ...where('rule "External code"', 'action 2'), reason: expect.stringContaining('RCmissing-source.min.js, which was not given') });
  });

  it('imported from the library file alone is reported where it lives in a separate file', () => {
    const r = importLaunch(join(EDGE, 'launch-ENedge.min.js'), join(TMP, 'alone'));
    expect(r.report.entries.filter((x) => x.reason.includes('which was not given')).map((x) => x.component)).toEqual(['action 1 (core/src/lib/actions/customCode.js)', 'action 2 (core/src/lib/actions/customCode.js)']);
  });
});

describe('the imported edge-case container', () => {
  it('builds, and a rule whose condition did not map never fires until rewritten', async () => {
    const r = await edge.run({ url: 'https://www.edge.example/', pageBottom: true });
    const fired = r.fired.map((f) => f.rule);
    expect(fired).toContain('launch-consent');
    expect(fired).not.toContain('sampled');
    expect(r.skipped).toContainEqual({ rule: 'sampled', event: 'domReady', condition: 'custom', index: 0 });
    // Custom code that reaches the network by itself is not written (the compiler would reject it).
    expect(fired).not.toContain('html-pixel');
    expect(edge.imported.report.entries).toContainEqual({ finding: 'not mapped', ...where('rule "HTML pixel" (RLe2)'), reason: 'none of its actions maps to tagc: the rule is not imported' });
  });
});

const write = (name: string, text: string) => {
  const file = join(TMP, name);
  writeFileSync(file, text);
  return file;
};

describe('malformed input', () => {
  it('is refused with the place of a syntax error', () => {
    const file = write('launch-bad.js', 'window._satellite = {};\nwindow._satellite.container = { rules: [ };\n');
    expect(() => importLaunch(file, join(TMP, 'out'))).toThrow(LaunchParseError);
    expect(() => importLaunch(file, join(TMP, 'out'))).toThrow(/launch-bad\.js:2:\d+: not valid JavaScript: Unexpected token/);
  });

  it('is refused when no container is assigned, or the container is not an object', () => {
    expect(() => importLaunch(write('launch-none.js', 'var _satellite = {};'), TMP)).toThrow(/no `_satellite\.container = \{\.\.\.\}` assignment/);
    expect(() => importLaunch(write('launch-call.js', '_satellite.container = build();'), TMP)).toThrow(/launch-call\.js:1:\d+: `_satellite\.container` is not an object literal/);
    expect(() => importLaunch(write('launch-rules.js', '_satellite.container = { rules: {} };'), TMP)).toThrow(/`_satellite\.container\.rules` is not an array/);
  });

  it('is refused for a folder with no library or several', () => {
    mkdirSync(join(TMP, 'empty'), { recursive: true });
    expect(() => importLaunch(join(TMP, 'empty'), TMP)).toThrow(/holds no launch-\*\.js library/);
    mkdirSync(join(TMP, 'two'), { recursive: true });
    writeFileSync(join(TMP, 'two', 'launch-a.js'), '_satellite.container = {};');
    writeFileSync(join(TMP, 'two', 'launch-b.js'), '_satellite.container = {};');
    expect(() => importLaunch(join(TMP, 'two'), TMP)).toThrow(/holds several libraries \(launch-a\.js, launch-b\.js\)/);
    expect(() => importLaunch(join(TMP, 'missing.js'), TMP)).toThrow(/missing\.js: no such file or folder/);
  });
});

describe('writing an import', () => {
  it('refuses a target holding an earlier import, and leaves it as it was', () => {
    const before = readdirSync(edge.root).sort();
    const again = importLaunch(EDGE, edge.root);
    expect(() => writeImport(edge.root, again.files)).toThrow(/rules\/launch exists \(an earlier import\?\)/);
    expect(readdirSync(edge.root).sort()).toEqual(before);
  });

  it('keeps an existing site configuration and says what it must allow', () => {
    const root = join(TMP, 'existing');
    mkdirSync(join(root, 'rules'), { recursive: true });
    writeFileSync(join(root, 'rules', 'site.config.ts'), 'export default { allowedDomains: ["other.example"] };\n');
    const r = importLaunch(EDGE, root);
    expect(Object.keys(r.files)).not.toContain(join(root, 'rules', 'site.config.ts'));
    expect(r.report.entries).toContainEqual({ finding: 'review', subject: 'site configuration', component: '', reason: expect.stringContaining('["edge.example"]') });
  });

  it('keeps Launch orders where the ids already fire in library order', () => {
    const lib = `_satellite.container = { property: { name: 'P', settings: { domains: ['p.example'] } }, extensions: {}, dataElements: {}, rules: [
      { id: 'R1', name: 'A first', events: [{ modulePath: 'core/src/lib/events/pageBottom.js', ruleOrder: 40 }], actions: [{ modulePath: 'core/src/lib/actions/directCall.js', settings: { identifier: 'x' } }] },
      { id: 'R2', name: 'B second', events: [{ modulePath: 'core/src/lib/events/pageBottom.js', ruleOrder: 40 }], actions: [{ modulePath: 'core/src/lib/actions/directCall.js', settings: { identifier: 'y' } }] } ] };`;
    const root = join(TMP, 'orders');
    const r = importLaunch(write('launch-orders.js', lib), root);
    expect(r.files[join(root, 'rules', 'launch', 'a-first.ts')]).toContain('  order: 40,\n');
    expect(r.files[join(root, 'rules', 'launch', 'b-second.ts')]).toContain('  order: 40,\n');
  });
});

describe('tagc import launch (CLI)', () => {
  // The import as a shell runs it, the real bin in a process of its own (tests/helpers/bin.ts); the
  // help and the refusal through main() in this process (tests/helpers/cli.ts).
  const inProcess = (args: string[]) => tagcInProcess(args, TMP);

  it('documents itself', async () => {
    const r = await inProcess(['import', 'launch', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('tagc import launch <launch-*.js | folder> [--out <dir>]');
    expect((await inProcess(['--help'])).stdout).toContain('tagc import launch <lib> [--out <dir>]');
  });

  it('writes the modules and the report, and prints each finding', () => {
    const out = join(TMP, 'cli-out');
    const r = tagcProcess(['import', 'launch', EDGE, '--out', out], TMP);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^imported launch-ENedge\.min\.js \(property "Edge Cases", staging\): 5 Launch rules → 3 tagc rules/);
    expect(r.stdout).toContain('  not mapped: rule "Hover promo" (RLe1) › event 1 (core/src/lib/events/hover.js): no tagc kind for the event type core/src/lib/events/hover.js');
    expect(existsSync(join(out, 'launch-import-report.md'))).toBe(true);
    expect(existsSync(join(out, 'rules', 'launch', 'external-code.ts'))).toBe(true);
    expect(readdirSync(out).filter((f) => f.startsWith('.tagc-import'))).toEqual([]);
  });

  it('fails with the located error on a malformed library, writing nothing', async () => {
    const out = join(TMP, 'cli-bad');
    const r = await inProcess(['import', 'launch', join(TMP, 'launch-bad.js'), '--out', out]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tagc import: .*launch-bad\.js:2:\d+: not valid JavaScript/);
    expect(existsSync(out)).toBe(false);
  });
});
