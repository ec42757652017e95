// @vitest-environment happy-dom
import { ABANDON_KEY, abandonmentEvent, watchForms, type FormWatcher, type TouchedForm } from '../../../runtime/behaviours/form-abandonment';
import { watchFormFields } from '../../../runtime/actions/form-abandon-watch';
import { domReady } from '../../../runtime/events/dom-ready';
import { rule } from '../../../runtime/declare/rule';
import type { Rule } from '../../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

const FORM = `
  <form data-ea-form-abandon="contact-us" id="f">
    <input name="firstName" id="first">
    <input name="email" id="email" type="email">
    <input name="token" type="hidden" value="secret-token">
    <textarea name="message" id="message"></textarea>
    <button type="submit" id="send">Send</button>
  </form>
  <form id="untracked"><input name="search" id="search"></form>`;

let visibility: DocumentVisibilityState = 'visible';
let watcher: FormWatcher | undefined;

function hide(type: 'visibilitychange' | 'pagehide' = 'visibilitychange'): void {
  if (type === 'visibilitychange') {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  } else window.dispatchEvent(new Event('pagehide'));
}

function touch(id: string, how: 'focusin' | 'click' = 'focusin'): void {
  const el = document.getElementById(id)!;
  el.dispatchEvent(how === 'click' ? new MouseEvent('click', { bubbles: true }) : new FocusEvent('focusin', { bubbles: true }));
}

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  document.body.innerHTML = FORM;
  localStorage.clear();
});
afterEach(() => {
  watcher?.stop!();
  watcher = undefined;
});

describe('form abandonment (spec §4)', () => {
  it('records the names of the fields focused or clicked and the last one, never their values', () => {
    watcher = watchForms(window, () => {});
    (document.getElementById('first') as HTMLInputElement).value = 'Ada Lovelace';
    (document.getElementById('email') as HTMLInputElement).value = 'ada@example.com';
    touch('first');
    touch('email', 'click');
    touch('first', 'click');
    touch('search');
    const stored = localStorage.getItem(ABANDON_KEY)!;
    expect(JSON.parse(stored)).toEqual({ 'contact-us': { placement: 'contact-us', tool: 'Abandon: contact-us', fields: ['firstName', 'email'], last: 'firstName' } });
    expect(stored).not.toContain('Ada');
    expect(stored).not.toContain('ada@example.com');
    expect(stored).not.toContain('search');
  });

  it('reports the touched form once when the page is hidden, and clears storage', () => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    touch('message');
    hide('visibilitychange');
    hide('pagehide');
    expect(reports).toEqual([[{ placement: 'contact-us', tool: 'Abandon: contact-us', fields: ['firstName', 'message'], last: 'message' }]]);
    expect(localStorage.getItem(ABANDON_KEY)).toBeNull();
    expect(abandonmentEvent(reports[0][0])).toEqual({
      event: 'Abandonment',
      abandonment: { lasttouchfield: 'message', userinputfields: 'firstName|message' },
      process: { processStepLabel: 'Abandon: contact-us' },
    });
  });

  it('reports on pagehide as well when the page never became hidden first', () => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('email');
    hide('pagehide');
    expect(reports).toHaveLength(1);
  });

  it('reports nothing after a submit: the listeners are removed and storage cleared', () => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    document.getElementById('f')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(localStorage.getItem(ABANDON_KEY)).toBeNull();
    touch('email');
    expect(localStorage.getItem(ABANDON_KEY)).toBeNull();
    hide();
    expect(reports).toEqual([]);
    expect(watcher.isActive!()).toBe(false);
  });

  it('reports nothing when no tracked field was touched, and ignores visibilitychange back to visible', () => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    touch('search');
    hide();
    expect(reports).toEqual([]);
  });

  it('uses data-ea-abandon-tool as the tool value when the form sets one', () => {
    document.getElementById('f')!.setAttribute('data-ea-abandon-tool', 'Contact form v2');
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    hide();
    expect(reports[0][0].tool).toBe('Contact form v2');
  });

  it('starts a placement afresh on this page, leaving other tabs\' entries alone', () => {
    localStorage.setItem(ABANDON_KEY, JSON.stringify({ 'contact-us': { placement: 'contact-us', tool: 'x', fields: ['stale'], last: 'stale' }, other: { placement: 'other', tool: 'y', fields: ['a'], last: 'a' } }));
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('email');
    hide();
    expect(reports[0][0].fields).toEqual(['email']);
    expect(JSON.parse(localStorage.getItem(ABANDON_KEY)!)).toEqual({ other: { placement: 'other', tool: 'y', fields: ['a'], last: 'a' } });
  });

  it.each([
    ['null', null],
    ['a number', 5],
    ['a string', 'contact-us'],
    ['an array', [['firstName']]],
    ['fields as an object', { placement: 'contact-us', tool: 'x', fields: { 0: 'firstName', length: 1 }, last: 'firstName' }],
    // A hole is stored as null.
    // eslint-disable-next-line no-sparse-arrays
    ['fields with a hole', { placement: 'contact-us', tool: 'x', fields: ['firstName', , 'message'], last: 'message' }],
    ['fields of numbers and objects', { placement: 'contact-us', tool: 'x', fields: ['firstName', 7, { name: 'email' }, ['message']], last: 'firstName' }],
    ['a null tool', { placement: 'contact-us', tool: null, fields: ['firstName'], last: 'firstName' }],
    ['no tool and no last field', { placement: 'contact-us', fields: ['firstName'] }],
    ['an object as the placement', { placement: { name: 'contact-us' }, tool: 'x', fields: ['firstName'], last: 'firstName' }],
    ['prototype keys', JSON.parse('{"__proto__": {"tool": "x", "last": "firstName"}, "placement": "contact-us", "fields": ["firstName"], "tool": {"toString": null, "valueOf": null}, "last": {"valueOf": 1}}')],
  ])("reports no form whose entry another script rewrote with what is not a string: %s", (_, entry) => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    localStorage.setItem(ABANDON_KEY, JSON.stringify({ 'contact-us': entry }));
    hide();
    expect(reports).toEqual([]);
    expect(localStorage.getItem(ABANDON_KEY)).toBeNull();
  });

  it('reports an entry another script rewrote with strings as it stands', () => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    localStorage.setItem(ABANDON_KEY, JSON.stringify({ 'contact-us': { placement: 'contact-us', tool: 'Edited', fields: ['a', 'b'], last: 'a' } }));
    hide();
    expect(reports.flat().map(abandonmentEvent)).toEqual([{ event: 'Abandonment', abandonment: { lasttouchfield: 'a', userinputfields: 'a|b' }, process: { processStepLabel: 'Edited' } }]);
  });

  it.each([
    ['fields as a string', { placement: 'contact-us', tool: 'x', fields: 'firstName', last: 'firstName' }],
    ['fields as an object', { placement: 'contact-us', tool: 'x', fields: { 0: 'firstName', length: 1 }, last: 'firstName' }],
    ['no fields', { placement: 'contact-us', tool: 'x', last: 'firstName' }],
    ['a number', 5],
    ['a string', 'contact-us'],
    ['fields of numbers', { placement: 'contact-us', tool: 'x', fields: ['firstName', 7], last: 'firstName' }],
    ['a null tool', { placement: 'contact-us', tool: null, fields: ['firstName'], last: 'firstName' }],
  ])('goes on recording a form whose entry another script rewrote: %s', (_, entry) => {
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    localStorage.setItem(ABANDON_KEY, JSON.stringify({ 'contact-us': entry }));
    touch('email');
    touch('message');
    hide();
    expect(reports).toEqual([[{ placement: 'contact-us', tool: 'Abandon: contact-us', fields: ['email', 'message'], last: 'message' }]]);
  });

  it.each(['__proto__', 'constructor', 'toString'])('stores and reports a form named %s', (name) => {
    document.body.innerHTML = `<form data-ea-form-abandon="${name}"><input name="city" id="city"></form>`;
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('city');
    // Another tab's submit clears storage: the next touch finds no entry under the name.
    localStorage.removeItem(ABANDON_KEY);
    touch('city', 'click');
    const form = { placement: name, tool: 'Abandon: ' + name, fields: ['city'], last: 'city' };
    // JSON.parse makes "__proto__" an own key.
    expect(Object.entries(JSON.parse(localStorage.getItem(ABANDON_KEY)!))).toEqual([[name, form]]);
    hide();
    expect(reports).toEqual([[form]]);
    expect(localStorage.getItem(ABANDON_KEY)).toBeNull();
  });

  it("leaves alone another tab's entries stored under __proto__ and constructor", () => {
    const other = { placement: 'x', tool: 'y', fields: ['a'], last: 'a' };
    const stored = '{"__proto__":' + JSON.stringify(other) + ',"constructor":' + JSON.stringify(other) + '}';
    localStorage.setItem(ABANDON_KEY, stored);
    const reports: TouchedForm[][] = [];
    watcher = watchForms(window, (forms) => reports.push(forms));
    touch('first');
    hide();
    expect(reports).toEqual([[{ placement: 'contact-us', tool: 'Abandon: contact-us', fields: ['firstName'], last: 'firstName' }]]);
    expect(localStorage.getItem(ABANDON_KEY)).toBe(stored);
  });

  it('reports after document-level page-hide listeners ran (the analytics client then sends by sendBeacon)', () => {
    const order: string[] = [];
    watcher = watchForms(window, () => order.push('abandonment'));
    document.addEventListener('visibilitychange', () => order.push('document listener'));
    touch('first');
    hide('visibilitychange');
    expect(order).toEqual(['document listener', 'abandonment']);
  });
});

describe('watchFormFields action in the running container', () => {
  afterEach(() => {
    restoreConsole();
    resetWindow();
  });

  it('pushes one Abandonment event that a rule on Abandonment receives', () => {
    const seen: unknown[] = [];
    const start = rule({ id: 'watch-forms', description: 'x', events: [domReady()], actions: [watchFormFields()] }) as Rule;
    const onAbandon = rule({
      id: 'on-abandonment',
      description: 'x',
      events: ['Abandonment'],
      actions: [{ label: 'record', sends: 'necessary', run: (ctx) => void seen.push(ctx.event.payload) }],
    }) as Rule;
    const booted = boot([start, onAbandon]);
    touch('first');
    touch('message', 'click');
    hide();
    hide('pagehide');
    expect(booted.fired).toEqual(['watch-forms@domReady', 'on-abandonment@Abandonment']);
    expect(seen).toEqual([{ event: 'Abandonment', abandonment: { lasttouchfield: 'message', userinputfields: 'firstName|message' }, process: { processStepLabel: 'Abandon: contact-us' } }]);
  });
});
