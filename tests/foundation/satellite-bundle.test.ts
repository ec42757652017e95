import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { simulate } from '../../compiler/simulate';
import { container, removeContainer, ruleSource } from '../helpers/container';

// Page code written for Launch calls `_satellite.track()` and `_satellite.pageBottom()`: the BUILT
// prod bundle (debug and validation compiled out) runs the direct-call and page-bottom rules.

let root: string;

const cookieRule = (id: string, event: string, cookie: string) =>
  ruleSource(
    `{ id: '${id}', description: 'x', events: [${event}], actions: [{ label: 'remember', sends: 'necessary', run: (ctx) => { document.cookie = '${cookie}=' + encodeURIComponent(JSON.stringify(ctx.event.payload ?? null)) + '; path=/'; } }] }`,
    'rule, directCall, pageBottom',
  );

beforeAll(async () => {
  root = container('satellite', {
    'rules/added.ts': cookieRule('cart-added', "directCall('cart add')", 'added'),
    'rules/bottom.ts': cookieRule('bottom', 'pageBottom()', 'bottom'),
  });
  await compile({ root, envs: ['prod'] });
}, 120_000);
afterAll(() => removeContainer(root));

const run = (options: Partial<Parameters<typeof simulate>[0]>) => simulate({ env: 'prod', buildDir: join(root, 'build'), url: 'https://www.firm.example/', ...options });

describe('_satellite in the built prod bundle', () => {
  it("fires the direct-call rule when page code calls _satellite.track('cart add', detail)", async () => {
    const r = await run({ track: [{ name: 'cart add', detail: { sku: 'A1' } }] });
    expect(r.fired).toContainEqual({ rule: 'cart-added', event: 'cart add', order: 50 });
    expect(JSON.parse(r.cookies.added!)).toEqual({ sku: 'A1' });
  });

  it('does not fire it for another name', async () => {
    const r = await run({ track: [{ name: 'cart removed' }] });
    expect(r.fired.map((f) => f.rule)).not.toContain('cart-added');
    expect(r.console.filter((c) => c.level === 'error')).toEqual([]);
  });

  it('fires page-bottom rules once, whether the page calls _satellite.pageBottom() or not', async () => {
    for (const pageBottom of [true, false]) {
      const r = await run({ pageBottom });
      expect(r.fired.filter((f) => f.rule === 'bottom')).toEqual([{ rule: 'bottom', event: 'pageBottom', order: 50 }]);
    }
  });
});
