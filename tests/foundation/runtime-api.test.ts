// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { constant, rule } from '../../runtime/declare';
import { isAuthorisedHost } from '../../runtime/core/domain';
import { parseCookies } from '../../runtime/core/cookies';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';

beforeEach(resetWindow);
afterEach(restoreConsole);

describe('window.tagc', () => {
  it('exposes build info, getVar and setVar', () => {
    boot([], { known: constant('k') });
    expect(window.tagc.buildInfo).toEqual({ environment: 'test', version: '1.0.0', buildTime: '2026-01-01T00:00:00.000Z', hash: 'abc123' });
    expect(window.tagc.getVar('known')).toBe('k');
    window.tagc.setVar('custom', 42);
    expect(window.tagc.getVar('custom')).toBe(42);
    expect(Object.isFrozen(window.tagc.buildInfo)).toBe(true);
  });

  it('persists debug mode in localStorage and logs info only while it is on', () => {
    const b = boot([rule({ id: 'r', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] })]);
    window.tagc.debug(false);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(b.infos.filter((m) => m.includes('fired'))).toHaveLength(0);
    window.tagc.debug(true);
    expect(localStorage.getItem('tagc.debug')).toBe('true');
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(b.infos).toContain('[tagc] Rule "r" fired on "Page Load Completed"');
    window.tagc.debug(false);
    expect(localStorage.getItem('tagc.debug')).toBeNull();
  });

  it('calls monitor hooks for fired and skipped rules and failed actions, and survives a broken monitor', () => {
    const events: string[] = [];
    const b = boot([
      rule({ id: 'ok', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'fail', sends: 'necessary', run: () => { throw new Error('x'); } }] }),
      rule({ id: 'no', description: 'x', events: ['Page Load Completed'], conditions: [{ label: 'never', test: () => false }], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }),
    ]);
    window.tagc.monitor({ ruleFired: () => { throw new Error('broken monitor'); } });
    window.tagc.monitor({ ruleFired: (e) => events.push(`fired ${e.rule}`), ruleSkipped: (e) => events.push(`skipped ${e.rule} at ${e.index}`), actionFailed: (e) => events.push(`failed ${e.rule} ${e.action}`) });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(events).toEqual(['skipped no at 0', 'fired ok', 'failed ok custom']);
    expect(b.fired).toEqual(['ok@Page Load Completed']);
  });

  it('does nothing on a host outside the allow-list, and says so', () => {
    const b = boot([], {}, ['firm.example']);
    expect(b.runtime).toBeUndefined();
    expect(window.tagc).toBeUndefined();
    expect(b.errors).toContain(`[tagc] library not authorised for domain ${location.hostname}`);
  });

  it('loads only once per page', () => {
    boot([]);
    const second = boot([]);
    expect(second.runtime).toBeUndefined();
    expect(second.warnings.join()).toMatch(/already loaded/);
  });
});

describe('domain allow-list', () => {
  it.each([
    ['https:', 'www.firm.example', true],
    ['https:', 'firm.example', true],
    ['https:', 'deep.sub.firm.example', true],
    ['https:', 'firm.example.evil.example', false],
    ['https:', 'notfirm.example', false],
    ['file:', '', true],
  ])('%s//%s → %s', (protocol, hostname, ok) => {
    expect(isAuthorisedHost({ protocol, hostname }, ['firm.example'])).toBe(ok);
  });

  it('reads the host as location gives it, lower-cased by the URL parser', () => {
    expect(isAuthorisedHost(new URL('https://WWW.Firm.Example./'), ['firm.example'])).toBe(true);
    expect(isAuthorisedHost(new URL('https://WWW.Evil.Example/'), ['firm.example'])).toBe(false);
  });
});

describe('cookies', () => {
  it('skips each malformed cookie on its own and keeps the first of duplicates', () => {
    expect({ ...parseCookies('a=1; bad=%E0%A4%A; noequals; =empty; b=two%20words; a=2; c="quoted"') }).toEqual({ a: '1', b: 'two words', c: 'quoted' });
  });

  it("skips a cookie whose name reaches a prototype, as the profile cookie's pairs are", () => {
    expect(Object.keys(parseCookies('constructor=a; __proto__=b; prototype=c; d=1'))).toEqual(['d']);
  });
});
