import { afterEach, beforeEach, vi } from 'vitest';
import { resetWindow, restoreConsole } from '../helpers/runtime';

// The page the runtime-level security tests share: a fresh window per test, real timers and the
// console restored after it, and a log of the actions that ran.

/** Labels of the actions that ran in the current test, in order. */
export const seen: string[] = [];

/** A necessary action that only records that it ran. */
export const record = (label: string) => ({ label, sends: 'necessary' as const, run: () => void seen.push(label) });

/** The consent service's skip and suppression settings, with nothing skipped. */
export const consentSettings = {
  skip: { hosts: [], pathPrefixes: [], paths: [], query: { name: 'skipconsent', value: '1' }, global: 'skipConsent' },
  suppressionCookie: { name: 'consentSuppressed', days: 365 },
};

/** Registers the per-test window reset and clean-up; `after` runs once each test has restored the page. */
export function useCleanPage(after?: () => void): void {
  beforeEach(() => {
    resetWindow();
    seen.length = 0;
  });
  afterEach(() => {
    restoreConsole();
    vi.useRealTimers();
    after?.();
  });
}
