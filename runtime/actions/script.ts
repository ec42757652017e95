import { afterStart } from '../core/after-start';
import { egressSource } from '../core/egress';
import { failure, reason, say } from '../core/log';
import { Msg } from '../core/messages';
import type { Action, Env, Params, SendCategory } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// Loads an external script, declared once with its URL per environment, its timeout and what it
// sends. Under a strict CSP (`script-src 'nonce-…' 'strict-dynamic'`) the injected element gets the
// nonce of the container's own <script>, read while the bundle evaluates (document.currentScript
// is only set then). A script that fails or times out is logged and changes nothing else.

export interface ScriptOptions {
  /** What the script is, for logs and the viewer. */
  name: string;
  /** One URL, or a URL per environment (an environment without one loads nothing). */
  url: string | Partial<Record<Env, string>>;
  sends: SendCategory;
  /** Milliseconds to wait for the load event before logging a failure. Default 8000 (spec §9). */
  timeout?: number;
  /** Extra attributes on the <script> element (e.g. data-groupid). */
  attributes?: Record<string, string>;
  /** After load, calls `window[global][method](...args)` (JSON args; no eval). */
  init?: { global: string; method: string; args: unknown[] };
}

function nonceOf(el: Element | null | undefined): string {
  const n = el && ((el as HTMLScriptElement).nonce || el.getAttribute('nonce'));
  return n || '';
}

/* Evaluated once while the bundle runs, when currentScript is the container's own element. */
const BOOT_NONCE: string = /* @__PURE__ */ (() => {
  try {
    // Where there is no document (Node), reading it throws: no nonce.
    return nonceOf(document.currentScript);
  } catch {
    return '';
  }
})();

export function pageNonce(doc: Document): string {
  try {
    return BOOT_NONCE || nonceOf(doc.querySelector('script[nonce]'));
  } catch {
    return '';
  }
}

export function scriptUrl(url: ScriptOptions['url'], env: Env): string | undefined {
  return typeof url === 'string' ? url : url[env];
}

/** Injects the script through the egress point; resolves on load, rejects on error or refusal. */
export function injectScript(win: Window & typeof globalThis, category: SendCategory, src: string, attributes: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = win.document;
    const el = doc.createElement('script');
    const nonce = pageNonce(doc);
    if (nonce) el.nonce = nonce;
    el.async = true;
    // Attributes no project module names are compiled out (runtime/declare/unset-options.ts).
    if (!__TAGC_UNSET_attributes__) for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
    el.addEventListener('load', () => resolve(), { once: true });
    el.addEventListener('error', () => reject(failure(Msg.ScriptNotLoaded, src)), { once: true });
    if (!egressSource(win, category, el, src)) return reject(failure(Msg.ScriptRefused, src));
    (doc.head || doc.documentElement).appendChild(el);
  });
}

/** The params tooling shows: the timeout that applies (the default where the rule gives none), in its place after name, url and sends. */
function shownParams({ name, url, sends, ...rest }: ScriptOptions): Params {
  return { name, url, sends, timeout: rest.timeout ?? DEFAULT_TIMEOUT, ...rest };
}

/* @__NO_SIDE_EFFECTS__ */
export function loadScript(options: ScriptOptions): Action {
  return {
    kind: 'script',
    params: TOOLING ? shownParams(options) : {},
    sends: options.sends,
    run(ctx) {
      const win = ctx.runtime.win;
      const src = scriptUrl(options.url, ctx.runtime.env);
      if (!src) return;
      const loaded = ctx.runtime.service<Set<string>>('scripts', () => new Set());
      if (loaded.has(src)) return;
      loaded.add(src);
      // Not awaited: a slow vendor must not hold the page's events; its own timeout ends the wait.
      afterStart(ctx.runtime, () => insertScript(win, options, src));
    },
  };
}

function insertScript(win: Window & typeof globalThis, options: ScriptOptions, src: string): void {
  const ms = options.timeout ?? DEFAULT_TIMEOUT;
  let done = false;
  const timer = win.setTimeout(() => {
    if (done) return;
    done = true;
    say(Msg.ScriptTimedOut, options.name, src, ms);
  }, ms);
  injectScript(win, options.sends, src, options.attributes).then(
    () => {
      if (done) return;
      done = true;
      win.clearTimeout(timer);
      runInit(win, options);
    },
    (error: unknown) => {
      if (done) return;
      done = true;
      win.clearTimeout(timer);
      say(Msg.ScriptFailed, options.name, reason(error));
    },
  );
}

const DEFAULT_TIMEOUT = 8000;

function runInit(win: Window & typeof globalThis, options: ScriptOptions): void {
  const init = options.init;
  if (!init) return;
  try {
    const target = (win as unknown as Record<string, unknown>)[init.global] as Record<string, unknown> | undefined;
    const fn = target?.[init.method];
    if (typeof fn !== 'function') throw failure(Msg.InitMissing, init.global, init.method);
    (fn as (...a: unknown[]) => unknown).apply(target, init.args);
  } catch (error) {
    say(Msg.ScriptStartFailed, options.name, reason(error));
  }
}
