import type { JsonState, RuleContext } from '../declare/types';

// What code imported from Adobe Launch expects to be handed: Launch's "synthetic event" (`event`
// in custom code, `this` its element), rebuilt from the tagc event that ran the rule, and the
// `%this.…%`, `%event.…%` and `%target.…%` tokens of Launch settings.

export interface LaunchEvent {
  /** `<extension>.<event type>`, as Launch names it (`core.direct-call`, `core.click`...). */
  $type: string;
  $rule?: { id: string; name: string };
  /** Direct calls: the name passed to track(). */
  identifier?: string;
  /** Direct calls: the detail passed to track(); data-layer events: the payload. */
  detail?: unknown;
  element?: unknown;
  target?: unknown;
  nativeEvent?: unknown;
  timeOnPage?: number;
  [key: string]: unknown;
}

type Source = { event: RuleContext['event'] | null; rule?: { id: string }; runtime: { win: Window & typeof globalThis } };

const TYPES: Record<string, string> = {
  libraryLoaded: 'library-loaded', pageBottom: 'page-bottom', domReady: 'dom-ready', windowLoaded: 'window-loaded', call: 'direct-call', click: 'click', timeOnPage: 'time-on-page',
};

/** Launch's synthetic event for the tagc event being dispatched (an empty one outside rules). */
export function launchEvent(ctx: Source): LaunchEvent {
  const e = ctx.event;
  const rule = ctx.rule ? { $rule: { id: ctx.rule.id, name: ctx.rule.id } } : {};
  if (!e) return { $type: 'core.none', ...rule };
  const m = /^@([A-Za-z]+)(?::(.*))?$/.exec(e.key);
  const kind = m?.[1] ?? '';
  const out: LaunchEvent = { $type: m ? `core.${TYPES[kind] ?? kind}` : 'tagc.data-layer', ...rule };
  const payload = e.payload as JsonState | undefined;
  if (kind === 'call') Object.assign(out, { identifier: e.name, detail: payload });
  else if (kind === 'click' && payload) Object.assign(out, payload);
  else if (kind === 'domReady') Object.assign(out, { element: ctx.runtime.win.document, target: ctx.runtime.win.document });
  else if (kind === 'windowLoaded') Object.assign(out, { element: ctx.runtime.win, target: ctx.runtime.win });
  else if (kind === 'timeOnPage') out.timeOnPage = Number(m?.[2]);
  else if (!m) out.detail = payload;
  return out;
}

const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : s);

/** Walks a dotted chain as Launch does: `getAttribute(x)` calls, and `@text` / `@cleanText` on `this`. */
function walk(node: unknown, chain: string[], special: boolean): unknown {
  let value = node;
  for (const prop of chain) {
    if (value == null) return undefined;
    const el = value as Element & Record<string, unknown>;
    const attr = /^getAttribute\((.+)\)$/.exec(prop);
    if (special && prop === '@text') value = el.textContent;
    else if (special && prop === '@cleanText') value = clean(el.textContent);
    else if (attr && typeof el.getAttribute === 'function') value = el.getAttribute(attr[1]);
    else value = el[prop];
  }
  return value;
}

/** The value of a Launch token path: `this.href`, `event.detail.sku`, `target.id`. */
export function launchToken(ctx: Source, path: string): unknown {
  const [head, ...chain] = path.split('.');
  const e = launchEvent(ctx);
  if (head === 'this') return walk(e.element, chain, true);
  if (head === 'target') return walk(e.target, chain, false);
  return walk(e, chain, false);
}
