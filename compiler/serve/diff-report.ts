import { readFileSync } from 'node:fs';
import type { Route } from './server';

// `tagc serve --diff <file>`: a `tagc diff --format json` report served beside the build as
// /diff.json, so that the viewer's Compare opens it from a link (`?base=report:diff.json`), as
// it would a report CI published next to a build. Read on each request: rewriting the file and
// reloading the page shows the new report.

export const DIFF_REPORT_PATH = '/diff.json';

export function diffReportRoute(file: string): Route {
  return (req, res) => {
    if ((req.url ?? '').split('?')[0] !== DIFF_REPORT_PATH || req.method !== 'GET') return false;
    let body: string;
    try {
      body = readFileSync(file, 'utf8');
    } catch (error) {
      res.statusCode = 404;
      res.end(`the diff report ${file} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
    return true;
  };
}
