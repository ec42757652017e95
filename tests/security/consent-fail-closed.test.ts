// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { consentGranted } from '../../runtime/conditions/consent';
import { consentAllows, consentSlot } from '../../runtime/consent/gate';
import { startConsent } from '../../runtime/consent/service';
import type { ConsentProvider } from '../../runtime/consent/types';
import { libraryLoaded, rule } from '../../runtime/declare';
import type { Action } from '../../runtime/declare/types';
import { boot } from '../helpers/runtime';
import { consentSettings as settings, record, seen, useCleanPage } from './page';

// Security review, issue 12: the consent paths fail closed. A provider whose read() throws grants
// nothing (not everything), and a gate that throws closes (never opens) what it guards.


function throwingProvider(): ConsentProvider {
  return {
    name: 'broken',
    read() {
      throw new Error('cookie jar on fire');
    },
    subscribe: () => undefined,
    write: () => undefined,
  };
}

/** A consent-provider rule whose action starts `provider` or installs `api` in the slot. */
function providerRule(start: Action['run']) {
  return rule({ id: 'consent-provider', description: 'x', events: [libraryLoaded()], order: 1, actions: [{ label: 'start consent', sends: 'necessary', run: start }] });
}
const gated = () => [
  rule({ id: 'ads', description: 'x', events: ['Page Load Completed' as never], consent: 'advertising', actions: [record('ads')] }),
  rule({ id: 'analytics', description: 'x', events: ['Page Load Completed' as never], conditions: [consentGranted('analytics')], actions: [record('analytics')] }),
  rule({ id: 'necessary', description: 'x', events: ['Page Load Completed' as never], actions: [record('necessary')] }),
];

useCleanPage();

describe('consent fails closed', () => {
  it('grants nothing when the provider throws while reading the stored decision', () => {
    const b = boot([providerRule((ctx) => void startConsent(ctx.runtime, throwingProvider(), settings)), ...gated()]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['necessary']);
    expect(b.warnings).toContain('[tagc] Cannot read broken consent: cookie jar on fire');
    expect(b.skipped).toEqual(['ads', 'analytics']);
  });

  it('grants nothing when the provider throws while reading a new submission', () => {
    vi.useFakeTimers();
    let submit = () => undefined as void;
    let calls = 0;
    const provider: ConsentProvider = {
      name: 'flaky',
      read: () => (++calls === 1 ? null : (() => { throw new Error('unreadable'); })()),
      subscribe: (_win, onSubmit) => void (submit = onSubmit),
      write: () => undefined,
    };
    boot([providerRule((ctx) => void startConsent(ctx.runtime, provider, settings)), ...gated()]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['ads', 'analytics', 'necessary']); // no decision yet: everything is granted (spec §4)
    submit();
    seen.length = 0;
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['necessary']);
  });

  it('closes a gate whose consent API throws: rule-level consent, conditions and consentAllows', () => {
    const broken = { granted: () => { throw new Error('gate broke'); } };
    const b = boot([providerRule((ctx) => void (consentSlot(ctx.runtime).api = broken)), ...gated()]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['necessary']);
    expect(b.skipped).toEqual(['ads', 'analytics']);
    expect(consentAllows(b.runtime!.services, 'analytics')).toBe(false);
  });

  it('closes every gate until a provider has started', () => {
    const b = boot(gated());
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['necessary']);
    expect(consentAllows(b.runtime!.services, 'advertising')).toBe(false);
  });
});
