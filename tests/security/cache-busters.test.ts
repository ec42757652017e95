// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityPixel } from '../../runtime/actions/pixel';
import { socialPixel } from '../../runtime/actions/pixel-social';
import { cacheBuster, configureRedaction, REDACTED, redactText } from '../../runtime/privacy/redact';
import { openEgress } from '../helpers/egress';

// A pixel's random cache-buster goes out through the egress point, whose redaction takes a run of
// 13-19 digits with a card brand's prefix that passes the Luhn check for a card number. A random
// 13-digit buster did that about once in twenty hits (4222222222222 is a Visa test number), and
// the hit went out with `[REDACTED]` in place of its buster, so a cached response could swallow it.

// Math.random() values whose 13-digit buster (x 1e13) would be a Luhn-valid card number.
const CARD_LIKE = [0.42222222222225, 0.41111111111195, 0.55555555555545];

let images: string[];
beforeEach(() => {
  images = [];
  configureRedaction();
  openEgress();
  vi.spyOn(window.HTMLImageElement.prototype, 'src', 'set').mockImplementation((v: string) => void images.push(v));
});
afterEach(() => vi.restoreAllMocks());

const ctx = { runtime: { win: window }, value: (v: unknown) => v } as never;

describe('cache-busters', () => {
  it('are left alone by redaction, the values that were card-like at 13 digits included', () => {
    for (const r of CARD_LIKE) expect(redactText(String(Math.floor(r * 1e13)))).toBe(REDACTED);
    const pixels = [
      socialPixel({ network: 'Meta', url: 'https://www.facebook.example/tr', params: { id: '1', ev: 'PageView' } }),
      activityPixel({ host: 'ad.doubleclick.net', src: '8765432', type: 'firm0', cat: 'pagev0' }),
    ];
    for (const r of CARD_LIKE) {
      vi.spyOn(Math, 'random').mockReturnValue(r);
      for (const p of pixels) p.run(ctx);
    }
    expect(images).toHaveLength(6);
    for (const url of images) {
      expect(url).not.toContain(encodeURIComponent(REDACTED));
      expect(url).not.toContain(REDACTED);
      expect(url).toMatch(/(?:[?&]rnd=|;ord=)\d{1,12}(?:$|\?|&)/);
    }
  });

  it('are at most 12 digits at Math.random()\'s extremes, and no 12-digit run is taken for a card', () => {
    for (const [r, out] of [[0, '0'], [0.9999999999999999, '999999999999'], [0.42222222222225, '422222222222']] as const) {
      vi.spyOn(Math, 'random').mockReturnValue(r);
      expect(cacheBuster()).toBe(out);
    }
    for (const run of ['422222222222', '411111111111', '555555555554', '378282246310', '601111111111', '999999999999']) {
      expect(redactText(`rnd=${run}`)).toBe(`rnd=${run}`);
      expect(redactText(run)).toBe(run);
    }
  });
});
