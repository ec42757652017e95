import { describe, expect, it } from 'vitest';
import { liveStack, rollbackTarget } from '../../compiler/publish/history';
import type { ReleaseAction, ReleaseHistory } from '../../compiler/publish/release-types';

// Which build a rollback returns to, from the history alone.

const history = (...moves: [ReleaseAction, string][]): ReleaseHistory => ({
  env: 'prod',
  releases: moves.map(([action, buildId], i) => ({ env: 'prod', buildId, commit: 'c0ffee0', buildTime: '2026-01-01T00:00:00.000Z', file: `builds/${buildId}/prod/container.0000000000000000.min.js`, integrity: 'sha384-x', action, at: `2026-01-01T00:0${i}:00.000Z`, by: 'ci', previous: null })),
});

describe('rollback target', () => {
  it('steps back one release at a time: after A, B, C a rollback gives B, the next one A', () => {
    const h = history(['promote', 'A'], ['promote', 'B'], ['promote', 'C']);
    expect(rollbackTarget(h)).toBe('B');
    h.releases.push({ ...h.releases[1]!, action: 'rollback' });
    expect(liveStack(h)).toEqual(['A', 'B']);
    expect(rollbackTarget(h)).toBe('A');
  });

  it('skips a build that was rolled back when a later release replaced it', () => {
    expect(rollbackTarget(history(['promote', 'A'], ['promote', 'B'], ['rollback', 'A'], ['promote', 'C']))).toBe('A');
  });

  it('counts a re-promotion of the running build once', () => {
    expect(liveStack(history(['promote', 'A'], ['promote', 'A'], ['promote', 'B']))).toEqual(['A', 'B']);
  });

  it('refuses with nothing to return to, and --to a build the environment never ran', () => {
    expect(() => rollbackTarget({ env: 'prod', releases: [] })).toThrow('prod has no release to roll back');
    expect(() => rollbackTarget(history(['promote', 'A']))).toThrow('prod has no earlier release to roll back to (it has only run A)');
    expect(() => rollbackTarget(history(['promote', 'A'], ['promote', 'B']), 'Z')).toThrow('prod never ran build Z');
    expect(rollbackTarget(history(['promote', 'A'], ['promote', 'B'], ['promote', 'C']), 'A')).toBe('A');
  });
});
