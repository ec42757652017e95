import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

/** The run's shared Chromium (tests/setup/chromium.ts); close() disconnects and drops this file's contexts. */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}
