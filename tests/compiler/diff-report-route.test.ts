import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIFF_REPORT_PATH, diffReportRoute } from '../../compiler/serve/diff-report';
import { startServer } from '../../compiler/serve/server';
import { REPO } from '../helpers/container';

// `tagc serve --diff <file>`: the report beside the build, for the viewer's Compare.

const FIXTURE = join(REPO, 'tests', 'fixtures', 'diff', 'page-name-report.json');

describe('tagc serve --diff', () => {
  it('serves the report as /diff.json, and says so when the file cannot be read', async () => {
    const good = await startServer({ routes: [diffReportRoute(FIXTURE)] });
    const gone = await startServer({ routes: [diffReportRoute(join(REPO, 'no-such-report.json'))] });
    try {
      const res = await fetch(`${good.origin}${DIFF_REPORT_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.text()).toBe(readFileSync(FIXTURE, 'utf8'));
      expect((await fetch(`${good.origin}/other.json`)).status).toBe(404);
      const missing = await fetch(`${gone.origin}${DIFF_REPORT_PATH}`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toMatch(/^the diff report .*no-such-report\.json could not be read: ENOENT/);
    } finally {
      await good.close();
      await gone.close();
    }
  });
});
