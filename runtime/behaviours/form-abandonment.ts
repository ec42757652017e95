import { isPlainObject } from '../core/merge';
import { getJson, removeItem, setJson } from '../core/storage';
import { TOOLING } from '../declare/tooling';

// Form abandonment (spec §4). A tracked form is an element (usually a <form>) marked
// data-ea-form-abandon="<placement name>". Focusing or clicking one of its named fields records
// the field's NAME (never its value) and the last touched field in local storage. Leaving the
// page without submitting (visibilitychange to hidden or pagehide, whichever comes first; never
// unload) reports each form touched on this page once and clears storage; submitting a tracked
// form removes the listeners and clears storage, so nothing is reported for the page.
//
// The page-hide listeners sit on window in the bubbling phase: the analytics client listens on
// document, so by the time the Abandonment hit is sent it knows the page is leaving and uses
// sendBeacon (docs/wire-formats.md, "Page hide and last beacons"). The tool value is
// data-ea-abandon-tool when set, else 'Abandon: ' + the placement name.

export const ABANDON_KEY = 'tagc.formAbandonment';
export const FORM_ATTRIBUTE = 'data-ea-form-abandon';
export const TOOL_ATTRIBUTE = 'data-ea-abandon-tool';
export const TOOL_PREFIX = 'Abandon: ';

export interface TouchedForm {
  placement: string;
  tool: string;
  /** Field names in the order first touched. */
  fields: string[];
  /** The field touched last. */
  last: string;
}

export interface FormWatcher {
  /** The forms touched on this page and not submitted; empties storage and stops watching. Tooling only (tests), as stop and isActive are: in a page, the page's hiding takes them. */
  takeAbandoned?(): TouchedForm[];
  /** Stops watching and clears storage, as a submit does. */
  stop?(): void;
  /** Whether it still watches (no submit, no report yet). */
  isActive?(): boolean;
}

type Stored = Record<string, TouchedForm>;

const NOT_FIELDS = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

function fieldName(el: Element): string {
  if (el.matches('input, select, textarea, [contenteditable="true"]')) {
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    if (NOT_FIELDS.has(type)) return '';
    return (el.getAttribute('name') || el.id || '').replace(/\|/g, ' ').trim();
  }
  return '';
}

function load(): Stored {
  const raw = getJson<unknown>('local', ABANDON_KEY);
  // Without a prototype, a form named __proto__ is a key as any other (JSON writes it the same).
  return Object.assign(Object.create(null), isPlainObject(raw) && raw);
}

function save(stored: Stored): void {
  if (Object.keys(stored).length) setJson('local', ABANDON_KEY, stored);
  else removeItem('local', ABANDON_KEY);
}

/**
 * Starts watching the tracked forms of the page (focus and click on their fields, submit); calls
 * `onLeave` once with the abandoned forms when the page is hidden.
 */
export function watchForms(win: Window & typeof globalThis, onLeave: (forms: TouchedForm[]) => void, attribute = FORM_ATTRIBUTE): FormWatcher {
  const doc = win.document;
  /** Placements touched on this page (storage may hold other tabs' forms: those are left alone). */
  const touched = new Set<string>();
  let active = true;
  // Storage is any script's to rewrite: an entry whose values are not all strings is not this
  // page's (its report would carry "null", "undefined" or "[object Object]", its next touch throw).
  const intact = (t: TouchedForm | undefined) =>
    Array.isArray(t?.fields) && t.fields.length > 0 && [t.placement, t.tool, t.last, ...t.fields].every((v) => typeof v == 'string') && t;

  const onTouch = (ev: Event) => {
    try {
      const el = ev.target;
      if (!(el instanceof win.Element)) return;
      const name = fieldName(el);
      const form = el.closest(`[${attribute}]`);
      if (!name || !form) return;
      const placement = (form.getAttribute(attribute) || form.getAttribute('name') || form.id || 'form').trim();
      const stored = load();
      // First touch on this page: start afresh (an entry left by an earlier page is stale), as
      // over an entry another script rewrote.
      const entry: TouchedForm =
        (touched.has(placement) && intact(stored[placement])) ||
          { placement, tool: form.getAttribute(TOOL_ATTRIBUTE) || TOOL_PREFIX + placement, fields: [], last: '' };
      touched.add(placement);
      if (!entry.fields.includes(name)) entry.fields.push(name);
      entry.last = name;
      stored[placement] = entry;
      save(stored);
    } catch {
      // A tracking failure must never disturb the form.
    }
  };

  // The watcher's listeners, added when it starts and removed by the same calls when it stops.
  const listen = (method: 'addEventListener' | 'removeEventListener') => {
    doc[method]('focusin', onTouch, true);
    doc[method]('click', onTouch, true);
    doc[method]('submit', onSubmit, true);
    win[method]('visibilitychange', onHide);
    win[method]('pagehide', onHide);
  };

  const stop = () => {
    if (!active) return;
    active = false;
    listen('removeEventListener');
    // This page's forms leave storage (other tabs' stay).
    const stored = load();
    for (const p of touched) delete stored[p];
    save(stored);
    touched.clear();
  };

  const onHide = (ev: Event) => {
    if (ev.type === 'visibilitychange' && doc.visibilityState !== 'hidden') return;
    const forms = takeAbandoned();
    try {
      if (forms.length) onLeave(forms);
    } catch {
      // The page is leaving: nothing more can be done.
    }
  };

  const onSubmit = (ev: Event) => {
    const form = ev.target;
    // closest() tests the element itself first.
    if (form instanceof win.Element && (form.closest(`[${attribute}]`) || form.querySelector(`[${attribute}]`))) stop();
  };

  listen('addEventListener');

  function takeAbandoned(): TouchedForm[] {
    if (!active) return [];
    const stored = load();
    const out = [...touched].map((p) => stored[p]).filter(intact);
    stop();
    return out;
  }

  // Only tests call these (runtime/declare/tooling.ts): a bundle without tooling returns none.
  return TOOLING ? { takeAbandoned, stop, isActive: () => active } : {};
}

/** The Abandonment event of a touched form (schemas/abandonment.ts): names joined by a vertical bar. */
export function abandonmentEvent(form: TouchedForm): Record<string, unknown> {
  return {
    event: 'Abandonment',
    abandonment: { lasttouchfield: form.last, userinputfields: form.fields.join('|') },
    process: { processStepLabel: form.tool },
  };
}
