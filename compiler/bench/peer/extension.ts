// The bench peer's Launch extension: the module scripts Turbine loads from the generated container
// (compiler/bench/peer-container.ts), bundled for the browser by esbuild, never run in Node.
// They stand in for what a Launch property of the firm uses: a data-layer manager for
// `appEventData`, Core's page events, custom code and data-element types, and the parts of
// AppMeasurement a beacon needs (AppMeasurement.js itself is not published on npm).
// Written for the bench from Turbine's public module contract (module, exports, require, turbine).

interface Module {
  exports: unknown;
}
type Require = (name: string) => unknown;
/** A Launch module body. */
export type ModuleScript = (module: Module, exports: unknown, require: Require) => void;

type Json = Record<string, unknown>;
type Trigger = (detail?: Json) => void;
interface SyntheticEvent extends Json {
  element?: Element;
  target?: Element;
}
type CustomSource = (this: unknown, event: SyntheticEvent, target?: Element) => unknown;
interface Hub {
  on(name: string, trigger: (entry: Json) => void): void;
  get(path: string): unknown;
}
interface Cookies {
  get(name: string): string | undefined;
}

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

function mergeInto(target: Json, source: Json): void {
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (isObject(value)) {
      if (!isObject(target[key])) target[key] = {};
      mergeInto(target[key] as Json, value);
    } else target[key] = value;
  }
}

/** Shared: `appEventData`'s computed state and its event listeners (one per page). */
export const hub: ModuleScript = (module) => {
  const win = window as unknown as { appEventData?: unknown };
  if (!Array.isArray(win.appEventData)) win.appEventData = [];
  const array = win.appEventData as unknown[];
  const state: Json = {};
  const listeners: Record<string, ((entry: Json) => void)[]> = {};
  const queued = array.filter(isObject);
  for (const entry of queued) mergeInto(state, entry);
  const handle = (entry: unknown) => {
    if (!isObject(entry)) return;
    mergeInto(state, entry);
    const list = typeof entry.event === 'string' ? listeners[entry.event] : undefined;
    if (list) for (const listener of list.slice()) listener(entry);
  };
  const push = array.push;
  array.push = function (...items: unknown[]): number {
    const length = push.apply(array, items);
    items.forEach(handle);
    return length;
  };
  const api: Hub = {
    on(name, listener) {
      (listeners[name] ??= []).push(listener);
      // Entries queued before the library loaded reach each rule once, in order.
      for (const entry of queued) if (entry.event === name) listener(entry);
    },
    get(path) {
      let node: unknown = state;
      for (const key of path.split('.')) node = isObject(node) ? node[key] : undefined;
      return node;
    },
  };
  module.exports = api;
};

/** Event: a named `appEventData` push. */
export const dataLayerPush: ModuleScript = (module, _exports, require) => {
  const events = require('../shared/hub.js') as Hub;
  module.exports = (settings: { event: string }, trigger: Trigger) => events.on(settings.event, (entry) => trigger({ payload: entry }));
};

export const libraryLoaded: ModuleScript = (module) => {
  module.exports = (_settings: Json, trigger: Trigger) => trigger();
};

export const domReady: ModuleScript = (module) => {
  module.exports = (_settings: Json, trigger: Trigger) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => trigger());
    else trigger();
  };
};

export const windowLoaded: ModuleScript = (module) => {
  module.exports = (_settings: Json, trigger: Trigger) => {
    if (document.readyState === 'complete') trigger();
    else window.addEventListener('load', () => trigger());
  };
};

/** Event: `_satellite.track(identifier)`. */
export const directCall: ModuleScript = (module) => {
  const triggers: Record<string, Trigger[]> = {};
  const satellite = (window as unknown as { _satellite: { track(id: string, detail?: Json): void } })._satellite;
  satellite.track = (id, detail) => (triggers[id] ?? []).forEach((t) => t({ identifier: id, detail }));
  module.exports = (settings: { identifier: string }, trigger: Trigger) => (triggers[settings.identifier] ??= []).push(trigger);
};

/** Event: after `delay` ms, once or every `delay` ms while the page is visible. */
export const timer: ModuleScript = (module) => {
  module.exports = (settings: { delay: number; repeat: boolean }, trigger: Trigger) => {
    if (settings.repeat) setInterval(() => document.visibilityState === 'visible' && trigger(), settings.delay);
    else setTimeout(() => trigger(), settings.delay);
  };
};

/** Event: the page scrolled past each percentage, once each. */
export const scrollDepth: ModuleScript = (module) => {
  module.exports = (settings: { marks: number[] }, trigger: Trigger) => {
    const left = settings.marks.slice();
    window.addEventListener(
      'scroll',
      () => {
        const root = document.documentElement;
        const depth = ((window.scrollY + window.innerHeight) / Math.max(1, root.scrollHeight)) * 100;
        while (left.length && depth >= left[0]) trigger({ mark: left.shift() });
      },
      { passive: true },
    );
  };
};

/** Event: a click on an element matching `selector` (delegated from the document). */
export const click: ModuleScript = (module) => {
  module.exports = (settings: { selector: string }, trigger: Trigger) => {
    document.addEventListener('click', (e) => {
      const element = e.target instanceof Element ? e.target.closest(settings.selector) : null;
      if (element) trigger({ element, target: e.target as Element });
    });
  };
};

/** Event: an element matching `selector` enters the viewport for the first time (searched again every `every` ms). */
export const elementVisible: ModuleScript = (module) => {
  module.exports = (settings: { selector: string; every: number }, trigger: Trigger) => {
    const seen = new WeakSet<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        trigger({ element: entry.target });
      }
    });
    const scan = () =>
      document.querySelectorAll(settings.selector).forEach((el) => {
        if (seen.has(el)) return;
        seen.add(el);
        observer.observe(el);
      });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
    else scan();
    setInterval(scan, settings.every);
  };
};

/** Event: the consent notice posts that the visitor submitted preferences. */
export const consentSubmitted: ModuleScript = (module) => {
  module.exports = (_settings: Json, trigger: Trigger) => {
    window.addEventListener('message', (e: MessageEvent) => {
      let data: unknown = e.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data) as unknown;
        } catch {
          return;
        }
      }
      if (isObject(data) && data.source === 'preference_manager' && data.message === 'submit_preferences') setTimeout(() => trigger(), 0);
    });
  };
};

/** Condition and action: Core's custom code, inlined in the library as a function. */
export const customCode: ModuleScript = (module) => {
  module.exports = (settings: { source: CustomSource }, event: SyntheticEvent) => settings.source.call(event.element, event, event.target);
};

// Data elements, as Core's types.
export const dataLayerValue: ModuleScript = (module, _exports, require) => {
  const events = require('../shared/hub.js') as Hub;
  module.exports = (settings: { path: string }) => events.get(settings.path);
};

export const cookieValue: ModuleScript = (module, _exports, require) => {
  const cookies = require('@adobe/reactor-cookie') as Cookies;
  module.exports = (settings: { name: string }) => cookies.get(settings.name);
};

export const queryParam: ModuleScript = (module) => {
  module.exports = (settings: { name: string; caseInsensitive: boolean }) => {
    const wanted = settings.caseInsensitive ? settings.name.toLowerCase() : settings.name;
    for (const [key, value] of new URLSearchParams(location.search)) if ((settings.caseInsensitive ? key.toLowerCase() : key) === wanted) return value;
    return undefined;
  };
};

export const storageItem: ModuleScript = (module) => {
  module.exports = (settings: { key: string; session: boolean }) => {
    try {
      return (settings.session ? sessionStorage : localStorage).getItem(settings.key) ?? undefined;
    } catch {
      return undefined;
    }
  };
};

export const constant: ModuleScript = (module) => {
  module.exports = (settings: { value: unknown }) => settings.value;
};

export const customValue: ModuleScript = (module) => {
  module.exports = (settings: { source: CustomSource }, event: SyntheticEvent) => settings.source(event);
};

/**
 * Shared: the AppMeasurement stand-in. `window.s` with `t()` (page view) and `tl()` (link hit)
 * builds AppMeasurement's query (variables, events, context data, visitor id from the AMCV
 * cookie, page and browser details) and sends it as an image request, as AppMeasurement does.
 */
export const measurement: ModuleScript = (module, _exports, require) => {
  const cookies = require('@adobe/reactor-cookie') as Cookies;
  const short: Record<string, string> = { pageName: 'pageName', channel: 'ch', server: 'server', pageType: 'pageType', campaign: 'v0', events: 'events', products: 'products', purchaseID: 'purchaseID', currencyCode: 'cc', hier1: 'h1' };
  const keyOf = (name: string) => short[name] ?? (/^eVar(\d+)$/.exec(name) ? `v${name.slice(4)}` : /^prop(\d+)$/.exec(name) ? `c${name.slice(4)}` : /^hier(\d+)$/.exec(name) ? `h${name.slice(4)}` : /^list(\d+)$/.exec(name) ? `l${name.slice(4)}` : null);
  const enc = (v: unknown) => encodeURIComponent(String(v));
  const contextData = (data: Json): string => {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null && v !== '') parts.push(`${enc(k)}=${enc(v)}`);
    return parts.length ? `&c.&${parts.join('&')}&.c` : '';
  };
  const s = {
    account: '',
    trackingServer: '',
    orgId: '',
    send(vars: Json, link?: { type: string; name: string }) {
      const now = new Date();
      const amcv = s.orgId ? cookies.get(`AMCV_${encodeURIComponent(s.orgId)}`) : undefined;
      const mid = amcv ? /MCMID\|(\d+)/.exec(amcv)?.[1] : undefined;
      let q = `AQB=1&ndh=1&pf=1&t=${enc(`${now.getDate()}/${now.getMonth()}/${now.getFullYear()} ${now.getHours()}:${now.getMinutes()}:${now.getSeconds()} ${now.getDay()} ${now.getTimezoneOffset()}`)}`;
      if (mid) q += `&mid=${mid}&mcorgid=${enc(s.orgId)}`;
      q += `&ce=UTF-8&g=${enc(location.href)}&r=${enc(document.referrer)}`;
      for (const [name, value] of Object.entries(vars)) {
        if (value === undefined || value === null || value === '') continue;
        if (name === 'contextData' && isObject(value)) continue;
        const key = keyOf(name);
        if (key) q += `&${key}=${enc(Array.isArray(value) ? value.join(',') : value)}`;
      }
      if (isObject(vars.contextData)) q += contextData(vars.contextData);
      if (link) q += `&pe=lnk_${link.type}&pev2=${enc(link.name)}`;
      q += `&s=${screen.width}x${screen.height}&c=${screen.colorDepth}&j=1.6&v=N&k=Y&bw=${innerWidth}&bh=${innerHeight}&AQE=1`;
      const image = new Image(1, 1);
      image.src = `https://${s.trackingServer}/b/ss/${s.account}/1/JS-2.27.0/s${Math.floor(Math.random() * 1e13)}?${q}`;
    },
    t(vars: Json) {
      s.send(vars);
    },
    tl(_link: unknown, type: string, name: string, vars: Json) {
      s.send(vars, { type, name });
    },
  };
  (window as unknown as { s: typeof s }).s = s;
  module.exports = s;
};
