// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStep, loadKinds, type KindRegistry } from '../../compiler/kinds/registry';
import {
  constant, de, directCall, domAttribute, elementClick, endsWith, equals, globalVariable, greaterThan, impliedConsent, isFalse, isTrue, isTruthy,
  launchEvent, launchToken, lessThanOrEqual, libraryLoaded, matches, pageInfo, rule, setVariables, triggerDirectCall, truthy,
} from '../../runtime/declare';
import { tracker } from '../../runtime/analytics/settings';
import { linkTracking } from '../../runtime/analytics/link-tracking';
import type { Condition, DataElement, RuleContext } from '../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';

// The kinds that Launch's Core types map to (tagc import launch), each checked on its own.

beforeEach(resetWindow);
afterEach(restoreConsole);

let kinds: KindRegistry;
beforeAll(async () => {
  kinds = await loadKinds();
});

/** Evaluates a condition with data elements given as constants. */
function holds(c: Condition, values: Record<string, unknown>): boolean {
  const elements: Record<string, DataElement> = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, constant(v)]));
  let result: boolean | undefined;
  boot([rule({ id: 'c', description: 'x', events: [directCall('go')], conditions: [c], actions: [{ label: 'seen', sends: 'necessary', run: () => void (result = true) }] })], elements);
  result = false;
  window.tagc.track('go');
  return result;
}

describe('compare, with the operators of Launch value comparisons', () => {
  const v = de('v' as never);
  it.each([
    ['endsWith in any case', endsWith(v, 'PAGE', { ignoreCase: true }), 'the-page', true],
    ['endsWith', endsWith(v, 'PAGE'), 'the-page', false],
    ['equals in any case', equals(v, 'Home', { ignoreCase: true }), 'HOME', true],
    ['equals a number as text', equals(v, '5'), 5, true],
    ['greaterThan on numeric text', greaterThan(v, 10), '12', true],
    ['greaterThan on text that is no number', greaterThan(v, 10), 'twelve', false],
    ['lessThanOrEqual', lessThanOrEqual(v, '3'), 3, true],
    ['isTrue on the text "true"', isTrue(v), 'true', false],
    ['isTrue', isTrue(v), true, true],
    ['isFalse', isFalse(v), false, true],
    ['isTruthy on the text "false"', isTruthy(v), 'false', true],
    ['truthy on the text "false"', truthy(v), 'false', false],
    ['matches in any case', matches(v, /^a\d$/i), 'A1', true],
  ] as const)('%s', (_name, condition, value, expected) => {
    expect(holds(condition, { v: value })).toBe(expected);
  });

  it('says the new operators in words and accepts them in params', () => {
    const c = endsWith(de('pageName' as never), 'x', { ignoreCase: true });
    expect(kinds.conditions.get('compare')!.params.safeParse(c.params).success).toBe(true);
    expect(describeStep(kinds, 'conditions', c)).toBe('«pageName» ends with "x" (any case)');
    expect(describeStep(kinds, 'conditions', greaterThan(de('n' as never), 3))).toBe('«n» > 3');
  });
});

describe('data elements of the page', () => {
  it('reads a page global at a dotted path, and nothing from a missing one', () => {
    Object.assign(window, { digitalData: { page: { name: 'home' } } });
    const r: unknown[] = [];
    boot([], { name: globalVariable('digitalData.page.name'), missing: globalVariable('digitalData.nope.name') });
    r.push(window.tagc.getVar('name'), window.tagc.getVar('missing'));
    expect(r).toEqual(['home', undefined]);
    delete (window as unknown as Record<string, unknown>).digitalData;
  });

  it('reads page info and DOM attributes', () => {
    document.title = 'Title';
    document.body.innerHTML = '<a id="cta" href="/open" data-pos="hero">Open  now</a>';
    boot([], { path: pageInfo('pathname'), pq: pageInfo('pathAndQuery'), title: pageInfo('title'), pos: domAttribute('#cta', 'data-pos'), id: domAttribute('a', 'id'), none: domAttribute('#gone', 'id') });
    expect([window.tagc.getVar('path'), window.tagc.getVar('pq'), window.tagc.getVar('title')]).toEqual([location.pathname, location.pathname + location.search, 'Title']);
    expect([window.tagc.getVar('pos'), window.tagc.getVar('id'), window.tagc.getVar('none')]).toEqual(['hero', 'cta', undefined]);
  });

  it('rejects a page-variable path that is not a dotted name', () => {
    const r = kinds['data-elements'].get('globalVariable')!.params.safeParse({ path: 'digitalData[0]' });
    expect(r.success).toBe(false);
  });
});

describe('element clicks', () => {
  it('fires once per matching element from the clicked one up, with Launch-shaped events', () => {
    document.body.innerHTML = '<div class="card" id="outer"><div class="card" id="inner"><span id="label">x</span></div></div>';
    const seen: string[] = [];
    boot([
      rule({ id: 'cards', description: 'x', events: [elementClick('.card')], actions: [{ label: 'x', sends: 'necessary', run: (ctx) => void seen.push(`${(launchEvent(ctx).element as Element).id}<${(ctx.event.payload.target as Element).id}`) }] }),
      rule({ id: 'target', description: 'x', events: [elementClick('.card', { targetOnly: true })], actions: [{ label: 'x', sends: 'necessary', run: (ctx) => void seen.push(`only ${(ctx.event.payload.element as Element).id}`) }] }),
    ]);
    document.getElementById('label')!.click();
    document.getElementById('inner')!.click();
    expect(seen).toEqual(['inner<label', 'outer<label', 'inner<inner', 'outer<inner', 'only inner']);
  });
});

describe('direct calls from rules and Launch events', () => {
  it('runs the direct-call rules with the detail after the current rules, and gives custom code Launch events and tokens', () => {
    document.body.innerHTML = '<a id="go" href="https://x.example/p">Go  there</a>';
    const seen: unknown[] = [];
    boot([
      rule({ id: 'a-first', description: 'x', order: 1, events: [libraryLoaded()], actions: [triggerDirectCall('next', { from: 'loaded' })] }),
      rule({ id: 'b-second', description: 'x', order: 2, events: [libraryLoaded()], actions: [{ label: 'x', sends: 'necessary', run: () => void seen.push('second') }] }),
      rule({
        id: 'next', description: 'x', events: [directCall('next')],
        actions: [{ label: 'x', sends: 'necessary', run: (ctx) => void seen.push(launchEvent(ctx), launchToken(ctx, 'event.detail.from')) }],
      }),
      rule({
        id: 'clicked', description: 'x', events: [elementClick('#go')],
        actions: [{ label: 'x', sends: 'necessary', run: (ctx) => void seen.push(launchToken(ctx, 'this.@cleanText'), launchToken(ctx, 'this.getAttribute(href)'), launchToken(ctx, 'event.$type')) }],
      }),
    ]);
    const link = document.getElementById('go')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    expect(seen).toEqual(['second', { $type: 'core.direct-call', $rule: { id: 'next', name: 'next' }, identifier: 'next', detail: { from: 'loaded' } }, 'loaded', 'Go there', 'https://x.example/p', 'core.click']);
    const step = triggerDirectCall('next', { from: 'x' });
    expect(describeStep(kinds, 'actions', step)).toBe('run the "next" direct-call rules with {"from":"x"}');
  });
});

describe('Launch-style Set Variables (merge)', () => {
  it('appends events and adds link-tracking names instead of replacing them', () => {
    const state: unknown[] = [];
    const b = boot([
      rule({
        id: 'sets', description: 'x', events: [directCall('go')],
        actions: [
          setVariables({ eVar1: 'a', events: ['event1'] }, { linkTrackVars: ['eVar1', 'events'], linkTrackEvents: ['event1'], merge: true }),
          setVariables({ prop2: 'b', events: 'event2' }, { linkTrackVars: ['prop2', 'events'], linkTrackEvents: ['event2'], merge: true }),
          { label: 'read', sends: 'necessary', run: (ctx: RuleContext) => void state.push(tracker(ctx).vars(), linkTracking(tracker(ctx))) },
        ],
      }),
    ]);
    expect(b.errors).toEqual([]);
    window.tagc.track('go');
    expect(state).toEqual([
      { eVar1: 'a', prop2: 'b', events: ['event1', 'event2'] },
      { vars: 'eVar1,events,prop2', events: 'event1,event2' },
    ]);
  });
});

describe('implied consent', () => {
  it('grants every category from the start, so consent-gated rules run', () => {
    const seen: string[] = [];
    boot([
      rule({ id: 'consent', description: 'x', order: 1, events: [libraryLoaded()], actions: [impliedConsent()] }),
      rule({ id: 'gated', description: 'x', order: 2, consent: 'advertising', events: [libraryLoaded()], actions: [{ label: 'x', sends: 'advertising', run: () => void seen.push('ran') }] }),
    ]);
    expect(seen).toEqual(['ran']);
    expect(describeStep(kinds, 'actions', impliedConsent())).toBe('start consent with every category granted (no consent manager)');
  });
});
