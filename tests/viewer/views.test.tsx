// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../viewer/src/app';
import { multiEnvBuild, serveBuild } from './build-fetch';
import { click, mount, settle, text, type Mounted } from './render';

let view: Mounted | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

async function open(hash: string, count = 30) {
  const build = multiEnvBuild(count);
  serveBuild(build.manifest, build.graphs);
  window.location.hash = hash;
  view = await mount(<App />);
  await settle();
  return { el: view.container, prod: build.graphs.find((g) => g.env === 'prod')!, test: build.graphs.find((g) => g.env === 'test')! };
}

describe('the firing order', () => {
  it("lists an event's rules in the runtime's order with their conditions and actions in words", async () => {
    const { el, prod } = await open('#/prod/firing/CTA%20Clicked');
    const event = prod.events.find((e) => e.key === 'CTA Clicked')!;
    const orders = event.rules.map((id) => prod.rules.find((r) => r.id === id)!.order);
    // The runtime order is by `order` first, so it differs from the ids' alphabetical order.
    expect(event.rules).not.toEqual([...event.rules].sort());
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const items = [...el.querySelectorAll('ol.firing-list > li')];
    expect(items.map((li) => li.getAttribute('data-rule'))).toEqual(event.rules);
    expect(items.map((li) => text(li.querySelector('.step-no')))).toEqual(event.rules.map((_, i) => String(i + 1)));
    const first = prod.rules.find((r) => r.id === event.rules[0])!;
    expect(text(items[0]!.querySelector('.conditions'))).toContain(first.conditions[0]!.text);
    expect(text(items[0]!.querySelector('.actions'))).toContain(first.actions[0]!.text);
    expect(text(items[0]!.querySelector('.actions'))).toContain('sends analytics');
    expect(text(el.querySelector('#firing-event'))).toBe('On CTA Clicked in prod');
  });

  it('opens from the event list and marks the current event', async () => {
    const { el } = await open('#/prod/firing');
    expect(text(el.querySelector('.prompt'))).toContain('Pick an event');
    await click([...el.querySelectorAll('.event-list a')].find((a) => a.textContent?.startsWith('Logout'))!);
    await settle();
    expect(window.location.hash).toBe('#/prod/firing/Logout');
    expect(text(el.querySelector('.event-list a[aria-current="page"]'))).toMatch(/^Logout/);
  });

  it('keeps only the rules in view in the DOM for an event with hundreds of rules, each in its place in the list', async () => {
    const { el, test } = await open('#/test/firing/CTA%20Clicked', 5000);
    const event = test.events.find((e) => e.key === 'CTA Clicked')!;
    expect(event.rules.length).toBe(500);
    const items = [...el.querySelectorAll('ol.firing-list > li')];
    expect(items.length).toBeGreaterThan(2);
    expect(items.length).toBeLessThan(30);
    expect(items.map((li) => li.getAttribute('data-rule'))).toEqual(event.rules.slice(0, items.length));
    expect(items.map((li) => li.getAttribute('aria-setsize'))).toEqual(items.map(() => '500'));
    expect(items[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(text(el.querySelector('#firing-event + p'))).toContain('500 rules run, in this order');
  });

  it('says so when an event has no rule in this environment', async () => {
    const { el } = await open('#/prod/firing/Nope');
    expect(text(el.querySelector('[role="alert"]'))).toBe('No event “Nope” in prod.');
  });
});

describe('the rule detail', () => {
  it('shows everything about a rule including its source file', async () => {
    const { el, prod } = await open('#/prod/rules');
    const rule = prod.rules[3]!;
    await click([...el.querySelectorAll('tbody a.rule-link')].find((a) => a.textContent === rule.id)!);
    await settle();
    expect(window.location.hash).toBe(`#/prod/rule/${rule.id}`);
    const facts = Object.fromEntries([...el.querySelectorAll('.facts dt')].map((dt) => [text(dt), text(dt.nextElementSibling)]));
    expect(facts['Source file']).toBe(rule.file);
    expect(facts['Runs on']).toBe(rule.events[0]!.label);
    expect(facts['Order']).toBe(`${rule.order} (position 4 of ${prod.rules.length} in prod)`);
    const exempt = rule.conditions.find((c) => c.kind === 'consentGranted')?.params.exceptPaths as string[] | undefined;
    expect(facts['Consent']).toBe(rule.gates.length ? `needs ${rule.gates[0]} consent${exempt ? `, except on ${exempt[0]}` : ''}` : 'no consent needed');
    expect(facts['Reads']).toBe(`«${rule.reads[0]}»`);
    expect(text(el.querySelector('.rule-steps'))).toContain(rule.actions[0]!.text);
  });

  it('explains when the environment leaves the rule out', async () => {
    const { el, prod } = await open('#/prod/rule/synthetic-00009-error-message-presented');
    expect(prod.excluded.rules).toContain('synthetic-00009-error-message-presented');
    expect(text(el.querySelector('[role="alert"]'))).toContain('The prod bundle leaves this rule out');
  });
});

describe('the other views', () => {
  it('data elements show kind, storage, default and the rules that read them', async () => {
    const { el, prod } = await open('#/prod/data-elements?q=de3');
    const rows = [...el.querySelectorAll('tbody tr')].filter((tr) => text(tr.querySelector('th')) === 'de3');
    expect(rows).toHaveLength(1);
    const cells = [...rows[0]!.querySelectorAll('td')].map(text);
    const de = prod.dataElements.find((d) => d.name === 'de3')!;
    expect(cells.slice(0, 4)).toEqual(['dataLayer', 'data layer page.field3', 'none', '—']);
    expect(cells[4]).toBe(de.readBy.join(', '));
  });

  it('the analytics mapping shows which variable each data element feeds', async () => {
    const { el } = await open('#/prod/mapping?table=sent&sent.q=evar2%20');
    const rows = [...el.querySelectorAll('tbody tr')].map((tr) => [text(tr.querySelector('th')), ...[...tr.querySelectorAll('td')].map(text)]);
    expect(rows[0]!.slice(0, 4)).toEqual(['eVar2', '«de1»', 'CTA Clicked', 'synthetic-00001-cta-clicked']);
  });

  it('the graph narrows to one event from its URL', async () => {
    const { el, prod } = await open('#/prod/graph?event=Logout');
    // The graph is a chunk of its own.
    await vi.waitFor(() => expect(el.querySelector('.graph-view select')).not.toBeNull(), { timeout: 15_000 });
    const select = el.querySelector<HTMLSelectElement>('.graph-view select')!;
    expect(select.value).toBe('event:Logout');
    const logoutRules = prod.events.find((e) => e.key === 'Logout')!.rules.length;
    // One event, its rules, one action each, one data element each.
    expect(el.querySelector('.flow')!.getAttribute('data-nodes')).toBe(String(1 + logoutRules * 3));
    await click(el.querySelector<HTMLInputElement>('.graph-view input[type="checkbox"]')!);
    expect(new URLSearchParams(window.location.hash.split('?')[1]).get('de')).toBe('0');
    expect(el.querySelector('.flow')!.getAttribute('data-nodes')).toBe(String(1 + logoutRules * 2));
  });
});
