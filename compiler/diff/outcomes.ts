import type { ScenarioEnvChange } from './types';

// The rule outcomes a scenario's run changed, in words, in the order a reader wants them: one
// home for the PR comment (markdown.ts) and the viewer's Compare. Browser-safe.

export function outcomeChanges(c: ScenarioEnvChange): [word: string, entries: string[]][] {
  return [
    ['fires', c.fired.added],
    ['no longer fires', c.fired.removed],
    ['now skipped', c.skipped.added],
    ['no longer skipped', c.skipped.removed],
    ['now fails', c.failed.added],
    ['no longer fails', c.failed.removed],
  ];
}
