import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ENVIRONMENTS } from '../../runtime/declare/types';
import { listModules } from '../project';
import { relative, sep } from 'node:path';
import type { LoadedScenario, Scenario } from './types';

// Loads the scenario modules of a project (default: tests/scenarios/*.ts; `lib/` folders hold
// shared helpers and are not loaded). Every problem is reported at once, located by module and
// scenario; a scenario field `tagc simulate` cannot take is a problem.

const category = z.enum(['analytics', 'advertising', 'performance']);

const scenarioShape = z
  .object({
    name: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case kebab-case (it names the golden file)'),
    description: z.string().trim().min(1, 'is required'),
    environments: z.array(z.enum(ENVIRONMENTS as [string, ...string[]])).min(1, 'lists at least one environment (or leave it out for all)').optional(),
    url: z.url().optional(),
    referrer: z.string().optional(),
    userAgent: z.string().min(1).optional(),
    cookies: z.record(z.string().regex(/^[^=;\s]+$/, 'a cookie name'), z.string()).optional(),
    localStorage: z.record(z.string().min(1), z.string()).optional(),
    consent: z.union([z.enum(['unset', 'all', 'none']), z.array(category)]).optional(),
    consentEvent: z.union([z.enum(['given', 'declined']), z.object({ changed: z.array(category).min(1) }).strict()]).optional(),
    push: z.array(z.unknown()).optional(),
    after: z.array(z.unknown()).optional(),
    wait: z.number().int().min(0).max(600_000).optional(),
    respond: z.array(z.object({ match: z.string().min(1), status: z.number().int().min(0).max(599), body: z.string(), contentType: z.string().optional() }).strict()).optional(),
  })
  .strict();

export class ScenarioError extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem(s) in the scenarios:\n${problems.join('\n')}`);
  }
}

export async function loadScenarios(root: string, dir: string): Promise<LoadedScenario[]> {
  const problems: string[] = [];
  const out: LoadedScenario[] = [];
  const names = new Map<string, string>();
  const files = listModules(dir);
  if (!files.length) throw new ScenarioError([`${relative(root, dir) || dir}: no scenario modules (*.ts default-exporting scenarios(...))`]);
  for (const abs of files) {
    const file = relative(root, abs).split(sep).join('/');
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(abs).href)) as { default?: unknown };
    } catch (error) {
      problems.push(`${file}: cannot load module: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const family = mod.default as { __tagc?: unknown; family?: unknown; scenarios?: unknown } | undefined;
    if (!family || family.__tagc !== 'scenarios' || typeof family.family !== 'string' || !Array.isArray(family.scenarios)) {
      problems.push(`${file}: must default-export scenarios('<family>', [...])`);
      continue;
    }
    family.scenarios.forEach((candidate: unknown, i: number) => {
      const label = `${file}: scenario ${i + 1}${candidate && typeof candidate === 'object' && typeof (candidate as Scenario).name === 'string' ? ` "${(candidate as Scenario).name}"` : ''}`;
      const parsed = scenarioShape.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push(`${label}: ${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}`);
        return;
      }
      const s = candidate as Scenario;
      const prior = names.get(s.name);
      if (prior) return void problems.push(`${label}: the name is already used in ${prior}`);
      names.set(s.name, file);
      out.push({ scenario: s, family: family.family as string, file, environments: s.environments ?? null });
    });
  }
  if (problems.length) throw new ScenarioError(problems);
  return out;
}
