// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { trustArcConsent } from '../../runtime/actions/consent-provider';
import { consentGiven } from '../../runtime/events/consent';
import { libraryLoaded, rule } from '../../runtime/declare';
import type { EventSource } from '../../runtime/declare/types';
import { boot } from '../helpers/runtime';
import { consentSettings, record, seen, useCleanPage } from './page';

// Security review, issue 12: no event is lost while the bundle starts (row "consent given at
// start is lost"), and dispatch tables have no prototype (row "events named constructor…").

const settings = { ...consentSettings, levels: { analytics: 1, performance: 1, advertising: 2 } };

useCleanPage();

describe('start-up', () => {
  it('fires consent given at start, before the window has loaded, and again after it', () => {
    vi.useFakeTimers();
    document.cookie = 'notice_gdpr_prefs=0,1,2:; path=/';
    boot([
      rule({ id: 'consent-provider', description: 'x', events: [libraryLoaded()], order: 1, actions: [trustArcConsent(settings)] }),
      rule({ id: 'on-given', description: 'x', events: [consentGiven()], actions: [record('given')] }),
    ]);
    expect(seen).toEqual(['given']);
    vi.advanceTimersByTime(10);
    expect(seen).toEqual(['given', 'given']);
  });

  it('keeps an event a rule raises while a later source is still attaching, and runs it in order', () => {
    const listeners: (() => void)[] = [];
    const late: EventSource<undefined> = { kind: 'custom', key: '@late', params: {}, listen: (emit) => void listeners.push(() => emit()) };
    boot([
      rule({ id: 'first', description: 'x', events: [libraryLoaded()], order: 1, actions: [{ label: 'raise', sends: 'necessary', run: () => { seen.push('first'); listeners.forEach((l) => l()); } }] }),
      rule({ id: 'second', description: 'x', events: [late], order: 2, actions: [record('late')] }),
    ]);
    expect(seen).toEqual(['first', 'late']);
  });

  it('dispatches entries the page pushed before start after the start-up events, in order', () => {
    window.appEventData = [{ event: 'Page Load Started' }, { event: 'Page Load Completed' }];
    boot([
      rule({ id: 'lib', description: 'x', events: [libraryLoaded()], actions: [record('lib')] }),
      rule({ id: 'pls', description: 'x', events: ['Page Load Started' as never], actions: [record('pls')] }),
      rule({ id: 'plc', description: 'x', events: ['Page Load Completed' as never], actions: [record('plc')] }),
    ]);
    expect(seen).toEqual(['lib', 'pls', 'plc']);
  });
});

describe('the dispatch table', () => {
  it('finds no rules for events named after Object.prototype members, and logs nothing', () => {
    const b = boot([rule({ id: 'plc', description: 'x', events: ['Page Load Completed' as never], actions: [record('plc')] })]);
    for (const event of ['constructor', 'hasOwnProperty', '__defineGetter__', 'toString', 'valueOf', '__proto__']) window.appEventData.push({ event });
    window.appEventData.push({ event: 'Page Load Completed' });
    window.tagc.track('constructor');
    expect(b.errors).toEqual([]);
    expect(seen).toEqual(['plc']);
  });
});
