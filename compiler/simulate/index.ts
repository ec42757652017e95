import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import FakeTimers from '@sinonjs/fake-timers';
import { PropertySymbol, Window } from 'happy-dom';
import { parseCookies } from '../../runtime/core/cookies';
import { expandLine, failureText } from '../../runtime/core/messages';
import type { Manifest } from '../graph-types';
import { fireConsentEvent, projectProvider, writeStoredConsent } from './consent';
import { bodyText, decodeParams, explanationJson, formatConsoleArgs, type Recorder } from './record';
import type { RespondRule, SimulateOptions, SimulateResult, SimWindow } from './types';

export type { SimulateOptions, SimulateResult, SimulatedRequest, RespondRule } from './types';

// Runs a BUILT bundle (the real file from build/) in happy-dom on virtual time. No request leaves
// the process: images, sendBeacon, fetch, XHR, scripts and iframes are recorded and answered
// (default 204, empty; a --respond rule with status 0 is a network failure).

export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const DEFAULT_WAIT = 2000;

// A build's manifest and bundles are read once per process and kept while the manifest file is
// the same (a rebuild replaces it), so that many simulations of one build read nothing again.
const builds = new Map<string, { stamp: string; manifest: Manifest; code: Map<string, string> }>();

function loadBundle(buildDir: string, env: string): { code: string; file: string; manifest: Manifest } {
  const path = join(buildDir, 'manifest.json');
  let build: { stamp: string; manifest: Manifest; code: Map<string, string> };
  try {
    const st = statSync(path);
    const stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    const cached = builds.get(path);
    if (cached?.stamp === stamp) build = cached;
    else {
      build = { stamp, manifest: JSON.parse(readFileSync(path, 'utf8')) as Manifest, code: new Map() };
      builds.set(path, build);
    }
  } catch {
    throw new Error(`no build found at ${path}: run \`tagc build\` first`);
  }
  const { manifest } = build;
  const entry = manifest.environments[env as keyof Manifest['environments']];
  if (!entry) throw new Error(`the build has no "${env}" bundle (built: ${Object.keys(manifest.environments).join(', ') || 'none'})`);
  let code = build.code.get(entry.file);
  if (code === undefined) build.code.set(entry.file, (code = readFileSync(join(buildDir, entry.file), 'utf8')));
  return { code, file: entry.file, manifest };
}

function kv(entry: string, what: string): [string, string] {
  const eq = entry.indexOf('=');
  if (eq <= 0) throw new Error(`${what} "${entry}" must look like name=value`);
  return [entry.slice(0, eq), entry.slice(eq + 1)];
}

function respondFor(rules: RespondRule[], url: string): RespondRule {
  return rules.find((r) => url.includes(r.match)) ?? { match: '', status: 204, body: '' };
}

// happy-dom shares its element classes between windows, so the `src` setters are wrapped once,
// and each call finds the recorder of the element's own document (a WeakMap, so a finished
// simulation's window can be collected).
type SrcHandler = (el: Element, url: string) => void;
const srcHandlers = new WeakMap<Document, Partial<Record<'img' | 'iframe' | 'script', SrcHandler>>>();
const wrapped = new WeakSet<object>();
let insideSrcSetter = false;

function handlerFor(el: Element): SrcHandler | undefined {
  const tag = el.tagName.toLowerCase() as 'img' | 'iframe' | 'script';
  return el.ownerDocument ? srcHandlers.get(el.ownerDocument)?.[tag] : undefined;
}

/** Makes setting `src` (as property or attribute) on img, iframe and script call the document's handler once. */
function watchSrc(win: SimWindow): void {
  for (const ctor of [win.HTMLImageElement, win.HTMLIFrameElement, win.HTMLScriptElement]) {
    const proto = ctor.prototype;
    if (wrapped.has(proto)) continue;
    const desc = Object.getOwnPropertyDescriptor(proto, 'src');
    if (!desc?.set || !desc.get) continue;
    wrapped.add(proto);
    Object.defineProperty(proto, 'src', {
      configurable: true,
      enumerable: desc.enumerable,
      get: desc.get,
      set(this: Element, value: string) {
        handlerFor(this)?.(this, String(value));
        insideSrcSetter = true;
        try {
          desc.set!.call(this, value);
        } finally {
          insideSrcSetter = false;
        }
      },
    });
  }
  const elementProto = win.Element.prototype;
  if (wrapped.has(elementProto)) return;
  wrapped.add(elementProto);
  const setAttribute = elementProto.setAttribute;
  elementProto.setAttribute = function (this: Element, name: string, value: string) {
    if (!insideSrcSetter && String(name).toLowerCase() === 'src' && handlerFor(this)) {
      // Route through the property so the request is recorded exactly once.
      (this as unknown as { src: string }).src = String(value);
      return;
    }
    return setAttribute.call(this, name, value);
  };
}

/**
 * fake-timers yields to the real event loop after each timer it fires (so that promises settle),
 * with the global's setImmediate, else its setTimeout. A happy-dom window has no setImmediate, and
 * its setTimeout costs at least a real millisecond per fired timer: lend it Node's for the moment
 * the clock is created, so that virtual seconds of polling cost microseconds.
 */
function withRealImmediate<T>(win: SimWindow, create: () => T): T {
  const host = win as unknown as { setImmediate?: typeof setImmediate };
  const had = Object.prototype.hasOwnProperty.call(host, 'setImmediate');
  host.setImmediate = setImmediate;
  try {
    return create();
  } finally {
    if (!had) delete host.setImmediate;
  }
}

/**
 * Runs `evaluate` with the scripts it evaluates named `file`, as a browser names a script by its
 * src. happy-dom names an inline script by the page's URL, and V8 reuses a script it compiled only
 * for the same source under the same name: a bundle simulated on many pages (the golden scenarios)
 * was compiled again for each (about 13 ms for a 276 KB bundle; 4.3 of 20 s of CPU for 325).
 */
function compiledAs<T>(win: Window, file: string, evaluate: () => T): T {
  const own = Object.prototype.hasOwnProperty.call(win, PropertySymbol.evaluateScript);
  const original = win[PropertySymbol.evaluateScript];
  win[PropertySymbol.evaluateScript] = (code, options) => original.call(win, code, { ...options, filename: file });
  try {
    return evaluate();
  } finally {
    if (own) win[PropertySymbol.evaluateScript] = original;
    else delete (win as Partial<Window>)[PropertySymbol.evaluateScript];
  }
}

/** Page code calling `_satellite.<method>(...args)`; where that fails, the page's error is in the console output. */
function pageCall(win: SimWindow, result: SimulateResult, method: 'track' | 'pageBottom', args: unknown[]): void {
  try {
    const sat = (win as unknown as { _satellite?: Record<string, unknown> })._satellite;
    const fn = sat?.[method];
    if (typeof fn !== 'function') throw new TypeError(`_satellite.${method} is not a function`);
    fn.apply(sat, args);
  } catch (error) {
    result.console.push({ level: 'error', text: `Uncaught ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}` });
  }
}

export async function simulate(options: SimulateOptions): Promise<SimulateResult> {
  const buildDir = options.buildDir ?? join(process.cwd(), 'build');
  const bundle = loadBundle(buildDir, options.env);
  const provider = options.consent !== undefined || options.consentEvent !== undefined ? projectProvider(bundle.manifest.simulate?.consent) : null;
  const hash = /container\.([0-9a-f]+)\.min\.js$/.exec(bundle.file)?.[1] ?? '';
  return simulateScript({ code: bundle.code, file: bundle.file, hash, url: bundle.manifest.simulate?.url ?? undefined, provider }, options);
}

/** What simulateScript runs: a page's tag-manager script (a tagc bundle, or another library to compare with). */
export interface PageScript {
  code: string;
  file: string;
  hash: string;
  /** The page URL when the options name none. */
  url?: string;
  /** The consent provider that --consent and --consent-event drive, if any. */
  provider?: ReturnType<typeof projectProvider> | null;
}

/** Runs one script as a page loads it, with the options' page, storage, pushes and calls; see simulate(). */
export async function simulateScript(script: PageScript, options: SimulateOptions): Promise<SimulateResult> {
  const bundle = script;
  const url = options.url ?? script.url;
  if (!url) throw new Error('no page URL: pass --url (the build names no default; its site configuration has no hosts.entry)');
  const provider = script.provider ?? null;
  const responders = options.respond ?? [];
  const result: SimulateResult = {
    env: options.env,
    url,
    fired: [],
    requests: [],
    console: [],
    cookies: {},
    localStorage: {},
    dataLayer: [],
    skipped: [],
    failed: [],
    refused: [],
    bundle: { file: bundle.file, hash: bundle.hash },
  };
  let startedAt = 0;
  let clock: FakeTimers.Clock | undefined;
  const scriptUrls = new Set<string>();
  const record: Recorder = (method, url, body, transport) => {
    result.requests.push({ method, url, body, params: decodeParams(url, body), transport, at: clock ? clock.now - startedAt : 0 });
  };
  // A bundle without debug logging prints its runtime messages as codes: recorded as their text.
  const consoleRecorder = Object.fromEntries(
    ['log', 'info', 'warn', 'error', 'debug', 'trace'].map((level) => [level, (...args: unknown[]) => result.console.push({ level, text: formatConsoleArgs(expandLine(args)) })]),
  );
  const answer = (win: SimWindow, url: string) => {
    const r = respondFor(responders, url);
    if (r.status === 0) throw new TypeError(`Failed to fetch ${url}`);
    const empty = r.status === 204 || r.status === 304 || r.status < 200;
    return new win.Response(empty ? null : r.body, { status: r.status, headers: { 'content-type': r.contentType ?? (r.body.trim().startsWith('{') || r.body.trim().startsWith('[') ? 'application/json' : 'text/plain') } });
  };

  const happy = new Window({
    url,
    width: 1280,
    height: 800,
    console: consoleRecorder as unknown as Console,
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
      navigator: { userAgent: options.userAgent ?? DEFAULT_USER_AGENT },
      navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
      fetch: {
        interceptor: {
          beforeAsyncRequest: async ({ request }) => {
            let body: string | null = null;
            try {
              body = request.body ? await request.text() : null;
            } catch {
              body = null;
            }
            record(request.method, request.url, body, scriptUrls.has(request.url) ? 'script' : 'fetch');
            return answer(win, request.url) as never;
          },
          beforeSyncRequest: ({ request }) => {
            record(request.method, request.url, null, 'fetch');
            const r = respondFor(responders, request.url);
            return { status: r.status || 599, statusText: '', ok: r.status >= 200 && r.status < 300, url: request.url, redirected: false, headers: new happy.Headers(), body: Buffer.from(r.body) } as never;
          },
        },
      },
    },
  });
  const win = happy as unknown as SimWindow;
  try {
    // Every clock the page can read is virtual, performance.now() included: the runtime's time
    // budgets (a data-layer entry's copy) must not see the OS pausing a loaded machine's process,
    // or a simulation's output would depend on load.
    clock = withRealImmediate(win, () => FakeTimers.withGlobal(win as unknown as typeof globalThis)).install({
      now: Date.now(),
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    startedAt = clock.now;
    const doc = win.document;
    let readyState: DocumentReadyState = 'loading';
    Object.defineProperty(doc, 'readyState', { configurable: true, get: () => readyState });
    Object.defineProperty(doc, 'referrer', { configurable: true, get: () => options.referrer ?? '' });

    const settle = (el: Element, url: string, failed: boolean) =>
      win.setTimeout(() => {
        try {
          el.dispatchEvent(new win.Event(failed ? 'error' : 'load'));
        } catch {
          // The element may be gone.
        }
      }, 0);
    watchSrc(win);
    srcHandlers.set(doc, {
      img: (el, url) => {
        const abs = new URL(url, win.location.href).href;
        record('GET', abs, null, 'image');
        const r = respondFor(responders, abs);
        settle(el, abs, r.status === 0 || r.status >= 400);
      },
      iframe: (el, url) => {
        const abs = new URL(url, win.location.href).href;
        record('GET', abs, null, 'iframe');
        settle(el, abs, respondFor(responders, abs).status === 0);
      },
      script: (_el, url) => {
        scriptUrls.add(new URL(url, win.location.href).href);
      },
    });
    Object.defineProperty(win.navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, data?: unknown) => {
        record('POST', new URL(String(url), win.location.href).href, bodyText(data), 'beacon');
        return true;
      },
    });

    for (const c of options.cookies ?? []) {
      const [name, value] = kv(c, 'cookie');
      doc.cookie = `${name}=${value}; path=/`;
    }
    for (const l of options.local ?? []) {
      const [key, value] = kv(l, 'local storage entry');
      win.localStorage.setItem(key, value);
    }
    const host = win as unknown as Record<string, unknown>;
    // Entries are created in the page's realm, as the page's own scripts would create them.
    const inPage = (v: unknown) => (win as unknown as { JSON: JSON }).JSON.parse(JSON.stringify(v)) as unknown;
    host.appEventData = (win as unknown as { Array: ArrayConstructor }).Array.from((options.push ?? []).map(inPage));
    host.__tagcMonitors = [
      {
        ruleFired: (e: { rule: string; event: string; order: number }) => result.fired.push({ rule: e.rule, event: e.event, order: e.order }),
        ruleSkipped: (e: { rule: string; event: string; condition: string; index: number; explain?: unknown }) => {
          const explain = explanationJson(e.explain);
          result.skipped.push({ rule: e.rule, event: e.event, condition: e.condition, index: e.index, ...(explain ? { explain } : {}) });
        },
        actionFailed: (e: { rule: string; event: string; action: string; error: string }) => result.failed.push({ rule: e.rule, event: e.event, action: e.action, error: failureText(e.error) }),
        requestRefused: (e: { url: string; category: string; via: string; reason: string }) => result.refused.push({ url: e.url, category: e.category, via: e.via, reason: e.reason }),
      },
    ];
    if (provider && options.consent !== undefined) writeStoredConsent(provider, win, options.consent);
    options.beforeLoad?.(win);
    result.cookiesBefore = { ...parseCookies(doc.cookie) };

    // happy-dom fires its own window load as soon as it can, before the document is parsed; only
    // the simulated page's load (below, after DOMContentLoaded) reaches the page's listeners.
    let loaded = false;
    win.addEventListener('load', (e) => !loaded && (e.target === win || e.target === doc) && e.stopImmediatePropagation());

    // The page as a browser loads it: the container's script in <head> while parsing, then
    // DOMContentLoaded, then load.
    const script = doc.createElement('script');
    script.textContent = bundle.code;
    compiledAs(happy, bundle.file, () => doc.head.appendChild(script));
    await clock.tickAsync(0);
    if (options.pageBottom) {
      pageCall(win, result, 'pageBottom', []);
      await clock.tickAsync(0);
    }
    readyState = 'interactive';
    doc.dispatchEvent(new win.Event('DOMContentLoaded', { bubbles: true }));
    await clock.tickAsync(0);
    readyState = 'complete';
    loaded = true;
    win.dispatchEvent(new win.Event('load'));
    await clock.tickAsync(0);

    for (const entry of options.after ?? []) {
      const dl = host.appEventData;
      if (Array.isArray(dl)) dl.push(inPage(entry));
      await clock.tickAsync(0);
    }
    for (const call of options.track ?? []) {
      pageCall(win, result, 'track', [call.name, call.detail === undefined ? undefined : inPage(call.detail)]);
      await clock.tickAsync(0);
    }
    if (options.consentEvent !== undefined) {
      fireConsentEvent(provider!, win, options.consentEvent);
      await clock.tickAsync(0);
    }
    await options.afterLoad?.(win);
    await clock.tickAsync(options.wait ?? DEFAULT_WAIT);

    if (options.consent !== undefined || options.consentEvent !== undefined) result.consent = { stored: options.consent ?? 'unset', event: options.consentEvent ?? null };
    result.cookies = { ...parseCookies(doc.cookie) };
    for (let i = 0; i < win.localStorage.length; i++) {
      const key = win.localStorage.key(i)!;
      result.localStorage[key] = win.localStorage.getItem(key) ?? '';
    }
    try {
      result.dataLayer = JSON.parse(JSON.stringify(host.appEventData ?? [])) as unknown[];
    } catch {
      result.dataLayer = [];
    }
    return result;
  } finally {
    clock?.uninstall();
    await happy.happyDOM.abort();
    await happy.happyDOM.close();
  }
}
