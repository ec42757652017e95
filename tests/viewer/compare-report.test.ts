import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDiffReport, ShapeError } from '../../viewer/src/data/check-build';
import { reportFor } from '../../viewer/src/data/compare';
import { REPO } from '../helpers/container';

// Compare's reading of a `tagc diff --format json` report. The fixture is real output: `tagc
// diff --base HEAD --env prod --env stg --format json` with the advisor FAQs page name changed
// in the working tree.

const FIXTURE = join(REPO, 'tests', 'fixtures', 'diff', 'page-name-report.json');
const raw = (): Record<string, unknown> => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;

describe('a tagc diff report in Compare', () => {
  it('is read with its structure and behaviour per environment', () => {
    const report = checkDiffReport(raw(), 'report.json');
    const prod = reportFor(report, 'prod');
    expect(prod.structure?.dataElements.changed.map((c) => c.name)).toEqual(['pageName']);
    expect(prod.scenarios.map((s) => s.scenario)).toEqual(['advisor-faqs']);
    const v22 = prod.scenarios[0]!.change.requests.changed[0]!.params.find((p) => p.key === 'v22');
    expect(v22).toEqual({ key: 'v22', label: 'eVar22 (pageName)', base: 'advisor > faqs > FAQs', head: 'advisor > faqs > Frequently Asked Questions' });
    // An environment the report does not cover has neither.
    expect(reportFor(report, 'dev')).toEqual({ structure: null, scenarios: [] });
  });

  it('refuses a file of another shape, saying where it differs', () => {
    const noStructure = { ...raw(), structure: [{ env: 'prod', rules: 'all of them' }] };
    expect(() => checkDiffReport(noStructure, 'pr.json')).toThrow(ShapeError);
    expect(() => checkDiffReport(noStructure, 'pr.json')).toThrow(/^pr\.json is not a tagc diff report \(--format json\) this viewer can show: structure\[0\]\.identical: expected a boolean; structure\[0\]\.rules: expected an object/);
    expect(() => checkDiffReport({ ...raw(), format: 2 }, 'new.json')).toThrow('new.json is a tagc diff report of format 2; this viewer reads format 1');
    const badBehaviour = { ...raw(), behaviour: { scenarios: 1, runs: 2, changes: [{ scenario: 'x', envs: 'prod' }] } };
    expect(() => checkDiffReport(badBehaviour, 'b.json')).toThrow(/behaviour\.changes\[0\]\.description: expected a string/);
    // A graph.json is not a report.
    expect(() => checkDiffReport({ env: 'prod', rules: [] }, 'graph.json')).toThrow(/graph\.json is not a tagc diff report/);
  });

  it('may leave behaviour out (a report made with --no-scenarios)', () => {
    const { behaviour: _left, ...structureOnly } = raw();
    const report = checkDiffReport(structureOnly, 'structure.json');
    expect(report.behaviour).toBeUndefined();
    expect(reportFor(report, 'stg').scenarios).toEqual([]);
  });
});
