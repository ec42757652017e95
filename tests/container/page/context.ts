import { forgetCookies } from '../../../runtime/core/cookies';
import { createResolver, type Scope } from '../../../runtime/core/resolve';
import type { Condition, DataElement, JsonState, RuleContext, RuntimeServices } from '../../../runtime/declare/types';
import * as content from '../../../data-elements/content';
import * as cookies from '../../../data-elements/cookies';
import * as engagement from '../../../data-elements/engagement';
import * as login from '../../../data-elements/login';
import * as page from '../../../data-elements/page';
import * as pageName from '../../../data-elements/page-name';
import * as processGroups from '../../../data-elements/process';
import * as query from '../../../data-elements/query';
import * as reportSuite from '../../../data-elements/report-suite';
import * as siteContext from '../../../data-elements/site-context';
import * as stored from '../../../data-elements/stored';
import * as user from '../../../data-elements/user';

// The page-context data elements run through the real resolver (runtime/core/resolve.ts) in
// happy-dom at a chosen URL, with a chosen cookie header, storage and data-layer state.

const modules = [content, cookies, engagement, login, page, pageName, processGroups, query, reportSuite, siteContext, stored, user];

export const ELEMENTS: Record<string, DataElement> = {};
for (const mod of modules) {
  for (const [name, value] of Object.entries(mod)) {
    if (value && typeof value === 'object' && (value as { __tagc?: string }).__tagc === 'dataElement') ELEMENTS[name] = value as DataElement;
  }
}

export interface PageSetup {
  url: string;
  /** The raw `document.cookie` header the page sees (malformed pairs included, as a browser may send them). */
  cookie?: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
  state?: JsonState;
  html?: string;
}

export interface Page {
  scope: Scope;
  services: RuntimeServices;
  pushed: Record<string, unknown>[];
  /** Runs a condition descriptor at this page. */
  test(condition: Condition): boolean;
  ctx: RuleContext;
}

let cookieHeader = '';

/** Routes document.cookie reads to the test's header; writes are applied to it like a browser would (name=value; attrs). */
function installCookieJar(): void {
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieHeader,
    set: (raw: string) => {
      const [pair] = String(raw).split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const expired = /max-age=0|expires=Thu, 01 Jan 1970/i.test(raw);
      const rest = cookieHeader.split(';').map((p) => p.trim()).filter((p) => p && p.split('=')[0] !== name);
      if (!expired) rest.push(pair!.trim());
      cookieHeader = rest.join('; ');
    },
  });
}

export function cookieJar(): string {
  return cookieHeader;
}

export function openPage(setup: PageSetup): Page {
  installCookieJar();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(setup.url);
  cookieHeader = setup.cookie ?? '';
  // A new page is a new task: tagc's parsed cookie jar of the previous one is gone.
  forgetCookies();
  localStorage.clear();
  sessionStorage.clear();
  for (const [k, v] of Object.entries(setup.local ?? {})) localStorage.setItem(k, v);
  for (const [k, v] of Object.entries(setup.session ?? {})) sessionStorage.setItem(k, v);
  document.body.innerHTML = setup.html ?? '';
  const pushed: Record<string, unknown>[] = [];
  const made: Record<string, unknown> = {};
  const services: RuntimeServices = {
    env: 'test',
    win: window as unknown as Window & typeof globalThis,
    log: console,
    push: (entry) => void pushed.push(entry),
    emit: () => undefined,
    service<T, A extends unknown[] = []>(name: string, create: (...args: A) => T, ...args: A): T {
      if (!(name in made)) made[name] = create(...args);
      return made[name] as T;
    },
    send: () => Promise.reject(new Error('data elements do not send')),
  };
  const resolver = createResolver(() => ELEMENTS, services);
  const state = setup.state ?? {};
  const event = { key: 'Page Load Started', name: 'Page Load Started', payload: { event: 'Page Load Started', ...state }, state };
  const scope = resolver.scope(state, event);
  const ctx: RuleContext = {
    event,
    rule: { id: 'test' },
    get: (name) => scope.get(name),
    value: (p) => scope.value(p),
    runtime: services,
  };
  return { scope, services, pushed, ctx, test: (c) => c.test(ctx) };
}

/** Every element's value at a page (for "changes nothing else" comparisons). */
export function allValues(p: Page): Record<string, unknown> {
  return Object.fromEntries(Object.keys(ELEMENTS).sort().map((name) => [name, p.scope.get(name)]));
}
