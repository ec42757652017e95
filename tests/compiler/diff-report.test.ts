import { describe, expect, it } from 'vitest';
import { diffBehaviour, failedRuns, paramNames, type RunOutcome } from '../../compiler/diff/behaviour';
import { failuresOf, parseFailOn } from '../../compiler/diff/fail-on';
import { MARKDOWN_LIMIT, summaryLine, toMarkdown } from '../../compiler/diff/markdown';
import type { DiffReport, StructureDiff } from '../../compiler/diff/types';
import type { EnvName, Graph } from '../../compiler/graph-types';
import type { NormalisedRequest, NormalisedRun } from '../../compiler/scenarios/normalise';

// The pure parts of tagc diff on hand-made inputs: the behaviour diff of two runs, --fail-on,
// and the markdown's summary line, failed simulations and comment-size limit.

const beacon = (pageName: string, extra: Record<string, string> = {}): NormalisedRequest => ({
  method: 'GET',
  transport: 'image',
  url: 'https://metrics.firm.example/b/ss/firmprod/1/JS-2.27.0/s{random}',
  params: { pageName, v22: pageName, ch: 'advisor', ...extra },
});
const run = (requests: NormalisedRequest[], fired = ['page-view @ Page Load Completed']): RunOutcome => ({ run: { requests, fired, skipped: [], failed: [] } satisfies NormalisedRun });
const names = paramNames([{ tables: [{ name: 'Analytics mapping', description: '', columns: ['wire', 'variable', 'element', 'why'], rows: [{ wire: 'v22', variable: 'eVar22', element: 'pageName' }, { wire: 'ch', variable: 'channel', element: 'channel' }] }] } as unknown as Graph]);

/** A structure diff with nothing changed but the gzip size. */
function structure(env: EnvName, gzipDelta = 0): StructureDiff {
  const empty = { added: [], removed: [], changed: [] };
  const build = { hash: 'h', buildTime: 't', version: 'v' };
  return {
    env,
    base: build,
    head: build,
    identical: gzipDelta === 0,
    rules: empty,
    dataElements: empty,
    schemas: empty,
    firingOrder: [],
    consent: [],
    hosts: { added: [], removed: [], changed: [] },
    switched: { off: [], on: [] },
    size: { base: { bytes: 1000, gzipBytes: 500 }, head: { bytes: 1000 + gzipDelta, gzipBytes: 500 + gzipDelta }, bytes: gzipDelta, gzipBytes: gzipDelta },
  };
}

const report = (over: Partial<DiffReport>): DiffReport => ({ format: 1, base: { label: 'main', version: null }, head: { label: 'working tree', version: null }, environments: ['stg', 'prod'], structure: [structure('stg'), structure('prod')], failed: [], timings: {}, ...over });

describe('the behaviour diff', () => {
  it('pairs a changed beacon by endpoint and names its parameters from the mapping table', () => {
    const changes = diffBehaviour([{ scenario: 'faqs', description: 'FAQ page', file: 'tests/scenarios/pages.ts', base: new Map([['prod', run([beacon('FAQs')])]]), head: new Map([['prod', run([beacon('Frequently Asked Questions')])]]) }], ['prod'], names);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.envs[0]!.requests).toEqual({
      appeared: [],
      disappeared: [],
      changed: [
        {
          url: beacon('').url,
          method: 'GET',
          transport: 'image',
          params: [
            { key: 'pageName', label: 'pageName', base: 'FAQs', head: 'Frequently Asked Questions' },
            { key: 'v22', label: 'eVar22 (pageName)', base: 'FAQs', head: 'Frequently Asked Questions' },
          ],
        },
      ],
    });
  });

  it('reports requests and fired rules on one side only, and nothing for equal runs', () => {
    const pixel: NormalisedRequest = { method: 'GET', transport: 'image', url: 'https://ad.example/p', params: { ord: '{random}' } };
    const [change] = diffBehaviour([{ scenario: 's', description: '', file: 'f', base: new Map([['prod', run([beacon('a')])], ['stg', run([beacon('a')])]]), head: new Map([['prod', run([beacon('a'), pixel], ['page-view @ Page Load Completed', 'ad @ Page Load Completed'])], ['stg', run([beacon('a')])]]) }], ['stg', 'prod'], names);
    expect(change!.envs.map((e) => e.env)).toEqual(['prod']);
    expect(change!.envs[0]!.requests.appeared).toEqual([pixel]);
    expect(change!.envs[0]!.fired).toEqual({ added: ['ad @ Page Load Completed'], removed: [] });
  });

  it('lists simulations that failed, also on both sides', () => {
    const sides = [{ scenario: 's', description: '', file: 'f', base: new Map<EnvName, RunOutcome>([['prod', { error: 'boom' }]]), head: new Map<EnvName, RunOutcome>([['prod', { error: 'boom' }]]) }];
    expect(diffBehaviour(sides, ['prod'], names)).toEqual([]);
    expect(failedRuns(sides, ['prod'])).toEqual([{ scenario: 's', env: 'prod', base: 'boom', head: 'boom' }]);
  });
});

describe('--fail-on', () => {
  it('parses the conditions and refuses an unknown one', () => {
    expect(parseFailOn('new-host, consent,removed-rule,size:+2048')).toEqual([{ kind: 'new-host' }, { kind: 'consent' }, { kind: 'removed-rule' }, { kind: 'size', gzipBytes: 2048 }]);
    expect(() => parseFailOn('size:big')).toThrow('--fail-on: unknown condition "size:big"');
  });

  it('fails on gzip growth above the threshold only', () => {
    const grown = [structure('prod', 2049)];
    expect(failuresOf(parseFailOn('size:+2048'), grown)).toEqual(['size:+2048 (prod: +2049 B gzip)']);
    expect(failuresOf(parseFailOn('size:+2049'), grown)).toEqual([]);
    expect(failuresOf(parseFailOn('new-host,consent,removed-rule'), grown)).toEqual([]);
  });
});

describe('the markdown report', () => {
  it('starts with one summary line naming the environments and the prod gzip delta', () => {
    const change = { scenario: 's', description: 'd', file: 'f', envs: [{ env: 'stg' as const, requests: { appeared: [], disappeared: [], changed: [] }, fired: { added: ['x @ y'], removed: [] }, skipped: { added: [], removed: [] }, failed: { added: [], removed: [] } }, { env: 'prod' as const, requests: { appeared: [], disappeared: [], changed: [] }, fired: { added: ['x @ y'], removed: [] }, skipped: { added: [], removed: [] }, failed: { added: [], removed: [] } }] };
    const r = report({ structure: [structure('stg', 30), structure('prod', 22)], behaviour: { scenarios: 40, runs: 80, changes: [change, { ...change, scenario: 't' }, { ...change, scenario: 'u', envs: [change.envs[1]!] }] } });
    expect(summaryLine(r)).toBe('3 scenarios change in prod, 2 in stg, +22 B gzip in prod; structure changes in 2 environments');
  });

  it('says "no behaviour change" for identical builds, and counts failed simulations', () => {
    expect(summaryLine(report({ behaviour: { scenarios: 2, runs: 4, changes: [] } }))).toBe('no behaviour change, ±0 B gzip in prod');
    const broken = report({ behaviour: { scenarios: 2, runs: 4, changes: [], failures: [{ scenario: 's', env: 'prod', head: 'no consent provider' }] } });
    expect(summaryLine(broken)).toBe('no behaviour change, ±0 B gzip in prod; 1 simulation failed');
    expect(toMarkdown(broken)).toContain('- `s` in prod: head: no consent provider');
  });

  it('stays under the comment limit and counts the sections it left out', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ scenario: `scenario-${i}`, description: 'x'.repeat(100), file: 'f', envs: diffBehaviour([{ scenario: 'x', description: '', file: 'f', base: new Map([['prod', run([beacon('a'.repeat(150))])]]), head: new Map([['prod', run([beacon(`b${i}`.repeat(50))])]]) }], ['prod'], names)[0]!.envs }));
    const md = toMarkdown(report({ behaviour: { scenarios: 400, runs: 400, changes: many } }));
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    const left = /… (\d+) more section\(s\) not shown/.exec(md);
    expect(left).not.toBeNull();
    const shown = md.split('<details>').length - 1;
    expect(shown + Number(left![1])).toBe(400);
    expect(md.split('\n')[0]).toContain('400 scenarios change in prod');
  });

  it('says when behaviour was not compared', () => {
    expect(toMarkdown(report({ structure: [structure('prod')], environments: ['prod'] })).split('\n')[0]).toBe('**tagc diff** `main` ⟶ `working tree`: behaviour not compared (no scenarios), ±0 B gzip');
  });
});
