// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../viewer/src/app';
import { parseRoute } from '../../viewer/src/routing/route';
import { multiEnvBuild, serveBuild } from './build-fetch';
import { click, mount, settle, text, typeInto, type Mounted } from './render';

let view: Mounted | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

async function open(hash: string, count = 20) {
  const build = multiEnvBuild(count);
  serveBuild(build.manifest, build.graphs);
  window.location.hash = hash;
  view = await mount(<App />);
  await settle();
  const el = view.container;
  const test = build.graphs.find((g) => g.env === 'test')!;
  return { el, test, count: () => el.querySelector('output')!.getAttribute('data-rows-shown'), ids: () => [...el.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent) };
}

const header = (el: Element, name: string) => [...el.querySelectorAll('thead th')].find((th) => th.textContent?.startsWith(name))!;

describe('the rules table', () => {
  it('is a real table with column headers and sort state', async () => {
    const { el } = await open('#/test/rules');
    const table = el.querySelector('table')!;
    expect(text(table.querySelector('caption'))).toContain('Rules in test');
    expect([...table.querySelectorAll('thead th')].map((th) => th.getAttribute('scope'))).toEqual(Array(7).fill('col'));
    expect([...table.querySelectorAll('thead th')].map((th) => text(th).replace(/[▲▼↕]/g, '').trim())).toEqual(['Rule', 'Description', 'Events', 'Order', 'Consent', 'Environments', 'Source file']);
    expect(header(el, 'Order').getAttribute('aria-sort')).toBe('ascending');
    expect(header(el, 'Environments').hasAttribute('aria-sort')).toBe(false);
  });

  it('lists rules in firing order by default', async () => {
    const { ids, test } = await open('#/test/rules');
    expect(ids()).toEqual(test.rules.map((r) => r.id));
  });

  it('sorts by a column when its header is pressed, and puts the sort in the URL', async () => {
    const { el, ids, test } = await open('#/test/rules');
    await click(header(el, 'Rule').querySelector('button')!);
    expect(parseRoute(window.location.hash).query.get('sort')).toBe('id');
    expect(header(el, 'Rule').getAttribute('aria-sort')).toBe('ascending');
    expect(header(el, 'Order').getAttribute('aria-sort')).toBe('none');
    expect(ids()).toEqual(test.rules.map((r) => r.id).sort());
    await click(header(el, 'Rule').querySelector('button')!);
    expect(header(el, 'Rule').getAttribute('aria-sort')).toBe('descending');
    expect(ids()[0]).toBe(test.rules.map((r) => r.id).sort().reverse()[0]);
  });

  it('searches across what rules do and keeps the search in the URL', async () => {
    const { el, count, ids } = await open('#/test/rules');
    await typeInto(el.querySelector('input[type="search"]')!, 'EVENT7 ');
    expect(parseRoute(window.location.hash).query.get('q')).toBe('EVENT7 ');
    // "send link hit with event7, …" is the action text of rule 6 only (event numbers 1-120).
    expect(ids()).toEqual([expect.stringMatching(/^synthetic-00006-/)]);
    expect(count()).toBe('1');
    expect(text(el.querySelector('output'))).toBe('1 of 20 rules');
  });

  it('filters by event, category, environment and kind with counts per value', async () => {
    const { el, count, test } = await open('#/test/rules');
    const facet = (id: string) => el.querySelector(`details[data-facet="${id}"]`)!;
    expect([...el.querySelectorAll('details.facet')].map((d) => d.getAttribute('data-facet'))).toEqual(['events', 'consent', 'environments', 'kinds']);
    await click(facet('events').querySelector('summary')!);
    await click(facet('consent').querySelector('summary')!);
    const logout = [...facet('events').querySelectorAll('label')].find((l) => l.textContent?.startsWith('Logout'))!;
    const expected = test.rules.filter((r) => r.events[0]!.key === 'Logout').length;
    expect(text(logout.querySelector('.count'))).toBe(String(expected));
    await click(logout.querySelector('input')!);
    expect(parseRoute(window.location.hash).query.getAll('events')).toEqual(['Logout']);
    expect(count()).toBe(String(expected));
    // Category counts are under the event filter: only categories Logout rules have are offered.
    const categories = [...facet('consent').querySelectorAll('label .facet-value')].map((v) => v.textContent);
    expect(categories).toEqual([...new Set(test.rules.filter((r) => r.events[0]!.key === 'Logout').map((r) => r.gates[0] ?? 'none'))].sort());
    const analytics = [...facet('consent').querySelectorAll('label')].find((l) => l.textContent?.startsWith('analytics'))!;
    await click(analytics.querySelector('input')!);
    const both = test.rules.filter((r) => r.events[0]!.key === 'Logout' && r.gates.includes('analytics')).length;
    expect(both).toBeLessThan(expected);
    expect(count()).toBe(String(both));
    await click([...el.querySelectorAll('.toolbar button')].find((b) => b.textContent === 'Reset')!);
    expect(count()).toBe(String(test.rules.length));
    expect(parseRoute(window.location.hash).query.toString()).toBe('');
  });

  it('closes a filter dropdown on Escape, on a click elsewhere, and when focus leaves it', async () => {
    const { el } = await open('#/test/rules');
    const facet = el.querySelector<HTMLDetailsElement>('details[data-facet="events"]')!;
    const summary = facet.querySelector<HTMLElement>('summary')!;
    await click(summary);
    expect(facet.open).toBe(true);
    expect(facet.querySelectorAll('label').length).toBeGreaterThan(0);
    const { act } = await import('react');
    await act(async () => {
      facet.querySelector('input')!.focus();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(facet.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    await click(summary);
    expect(facet.open).toBe(true);
    await act(async () => {
      el.querySelector('h2')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(facet.open).toBe(false);

    await click(summary);
    await act(async () => el.querySelector<HTMLInputElement>('input[type="search"]')!.focus());
    expect(facet.open).toBe(false);
  });

  it('opens filtered from a pasted link', async () => {
    const { count, ids, test } = await open('#/test/rules?environments=prod&kinds=path&sort=-order');
    const devOnly = test.rules.filter((r) => r.environments.includes('prod'));
    expect(devOnly.length).toBeLessThan(test.rules.length);
    expect(count()).toBe(String(devOnly.length));
    expect(ids()).toEqual(devOnly.map((r) => r.id).reverse());
  });

  it('keeps only the rows in view in the DOM for thousands of rules', async () => {
    const { el, count } = await open('#/test/rules', 5000);
    expect(count()).toBe('5000');
    const rendered = el.querySelectorAll('tbody tr:not(.spacer)').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    expect(el.querySelector('table')!.getAttribute('aria-rowcount')).toBe('5001');
  });
});
