// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { Graph } from '../../compiler/graph-types';
import { App } from '../../viewer/src/app';
import { EXEMPT_PATH } from '../../viewer/fixtures/synthetic-graph';
import { parseRoute } from '../../viewer/src/routing/route';
import { multiEnvBuild, serveBuild } from './build-fetch';
import { click, mount, settle, text, typeInto, type Mounted } from './render';

let view: Mounted | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

async function open(hash: string, count = 60, change?: (graphs: Graph[]) => void) {
  const build = multiEnvBuild(count);
  change?.(build.graphs);
  serveBuild(build.manifest, build.graphs);
  window.location.hash = hash;
  view = await mount(<App />);
  await settle();
  const el = view.container;
  const prod = build.graphs.find((g) => g.env === 'prod')!;
  const search = () => el.querySelector<HTMLInputElement>('input[type="search"]')!;
  const shown = () => Number(el.querySelector('output')!.getAttribute('data-rows-shown'));
  const firstCells = () => [...el.querySelectorAll('tbody th[scope="row"]')].map(text);
  return { el, prod, search, shown, firstCells };
}

const query = () => parseRoute(window.location.hash).query;
/** Each analytics variable a rule's action sets, read from the fixture's params. */
const varsOf = (g: Graph) => g.rules.flatMap((r) => r.actions.flatMap((a) => Object.keys((a.params.vars as Record<string, unknown>) ?? {}).filter((k) => k !== 'events').map((k) => ({ rule: r.id, variable: k }))));

describe('the analytics mapping', () => {
  it('shows one table at a time, each with its own search, in one scroll area', async () => {
    const { el, search, shown } = await open('#/prod/mapping?table=sent');
    expect(el.querySelectorAll('.table-scroll')).toHaveLength(1);
    expect(el.querySelector('section.view')!.classList.contains('view-fill')).toBe(true);
    await typeInto(search(), 'eVar22');
    expect(query().get('sent.q')).toBe('eVar22');
    expect(query().get('q')).toBeNull();
    await click(el.querySelector('.subtabs a[data-table="t1"]')!);
    await settle();
    expect(search().value).toBe('');
    expect(shown()).toBe(250);
    await click(el.querySelector('.subtabs a[data-table="sent"]')!);
    await settle();
    expect(search().value).toBe('eVar22');
  });

  it('searches variables, data elements, events and rules, not the whole text of every action', async () => {
    const { prod, search, shown, firstCells, el } = await open('#/prod/mapping?table=sent');
    await typeInto(search(), 'eVar22');
    const expected = varsOf(prod).filter((v) => v.variable.toLowerCase().includes('evar22'));
    expect(expected.length).toBeGreaterThan(0);
    expect(shown()).toBe(expected.length);
    expect(new Set(firstCells())).toEqual(new Set(expected.map((v) => v.variable)));
    expect([...el.querySelectorAll('tbody th mark')].map(text)).toContain('eVar22');
    await typeInto(search(), 'send link hit');
    expect(shown()).toBe(0);
    await typeInto(search(), 'action:"send link hit"');
    expect(shown()).toBeGreaterThan(expected.length);
  });

  it('sorts each table on its own', async () => {
    const { el } = await open('#/prod/mapping?table=t1');
    await click([...el.querySelectorAll('thead th button')].find((b) => text(b).startsWith('element'))!);
    expect(query().get('t1.sort')).toBe('element');
    expect(query().get('sent.sort')).toBeNull();
    expect(query().get('sort')).toBeNull();
  });
});

describe('the rules search', () => {
  it("does not match the consent gate's text: advisor finds the rules that are about /advisor", async () => {
    const { prod, search, shown, el } = await open('#/prod/rules');
    const gated = prod.rules.filter((r) => r.conditions.some((c) => c.kind === 'consentGranted' && JSON.stringify(c.params).includes(EXEMPT_PATH)));
    const aboutAdvisor = prod.rules.filter((r) => r.conditions.some((c) => c.kind === 'path' && c.params.startsWith === '/advisor'));
    expect(gated.length).toBeGreaterThan(aboutAdvisor.length);
    await typeInto(search(), 'advisor');
    expect(shown()).toBe(aboutAdvisor.length);
    // The description says "under /advisor": the match is marked there.
    const marks = [...el.querySelectorAll('tbody mark')].map(text);
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((m) => m.toLowerCase()))).toEqual(new Set(['advisor']));
  });

  it('scopes a term to a field by prefix or by the field picker, and says where a hidden field matched', async () => {
    const { prod, search, shown, el, firstCells } = await open('#/prod/rules');
    const readers = prod.rules.filter((r) => r.reads.includes('de17')).map((r) => r.id);
    expect(readers.length).toBeGreaterThan(0);
    await typeInto(search(), 'reads:de17');
    expect(shown()).toBe(readers.length);
    expect(firstCells()).toEqual(readers);
    expect(text(el.querySelector('tbody .hidden-match'))).toBe('data element read: de17');
    expect(text(el.querySelector('tbody .hidden-match mark'))).toBe('de17');

    await typeInto(search(), 'de17');
    const picker = el.querySelector<HTMLSelectElement>('.search-scope select')!;
    const { act } = await import('react');
    await act(async () => {
      picker.value = 'reads';
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(query().get('in')).toBe('reads');
    expect(shown()).toBe(readers.length);

    const one = prod.rules[7]!.id;
    await act(async () => {
      picker.value = '';
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeInto(search(), `id:${one}`);
    expect(firstCells()).toEqual([one]);
    expect(text(el.querySelector('tbody th mark'))).toBe(one);
    await typeInto(search(), 'event:logout');
    expect(shown()).toBe(prod.events.find((e) => e.key === 'Logout')!.rules.length);
  });
});

describe('the consent gate', () => {
  it('reads the same for a rule-level consent and for a consent condition, and never says "no conditions" beside it', async () => {
    const { prod, el } = await open('#/prod/rules', 60, (graphs) => {
      // One analytics rule gated only by its condition (no other condition), as analytics-page-view is.
      for (const g of graphs) {
        const r = g.rules.find((x) => x.gates.includes('analytics'))!;
        r.conditions = r.conditions.filter((c) => c.kind === 'consentGranted');
      }
    });
    const byCondition = prod.rules.find((r) => r.gates.includes('analytics') && r.conditions.length === 1)!;
    const byRule = prod.rules.find((r) => r.consent === 'advertising')!;
    const detail = async (id: string) => {
      window.location.hash = `#/prod/rule/${id}`;
      await settle();
      return { gate: text(el.querySelector('.rule-steps .gate')), steps: text(el.querySelector('.rule-steps')), consent: text([...el.querySelectorAll('.facts dt')].find((dt) => text(dt) === 'Consent')?.nextElementSibling) };
    };
    const a = await detail(byCondition.id);
    expect(a.gate).toBe(`Runs only with analytics consent, except on ${EXEMPT_PATH}.`);
    expect(a.consent).toBe(`needs analytics consent, except on ${EXEMPT_PATH}`);
    expect(a.steps).toContain('No other condition: runs every time its event happens with that consent.');
    expect(a.steps).not.toContain('No conditions');
    expect(a.steps).not.toContain('visitor consented to');
    const b = await detail(byRule.id);
    expect(b.gate).toBe('Runs only with advertising consent.');
    expect(b.consent).toBe('needs advertising consent');
    expect(b.steps).toContain(byRule.conditions[0]!.text);
  });
});
