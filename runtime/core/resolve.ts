import { isRef } from '../declare/ref';
import type { DataElement, DataElementName, JsonState, ReadContext, RuleContext, RuntimeServices } from '../declare/types';
import { reason, say } from './log';
import { Msg } from './messages';
import { hasOwn, isPlainObject, mapValues } from './merge';
import { getJson, removeItem, setJson } from './storage';

// Data-element values: computed once per dispatch (a Scope), kept per their storage duration,
// defaulted when empty. A chain deeper than MAX_NESTING is a cycle (a custom reader calling
// itself through others): it logs and yields the default instead of overflowing the stack.

export const MAX_NESTING = 10;
const STORAGE_PREFIX = 'tagc.de.';

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function normalise(value: unknown, el: DataElement): unknown {
  if (typeof value !== 'string') return value;
  let out = value;
  if (el.clean) out = out.replace(/\s+/g, ' ').trim();
  if (el.lowerCase) out = out.toLowerCase();
  return out;
}

export interface Resolver {
  /** A fresh per-dispatch scope. */
  scope(state: JsonState, event: RuleContext['event'] | null): Scope;
  setVar(name: string, value: unknown): void;
  has(name: string): boolean;
}

export interface Scope {
  get(name: DataElementName | string): unknown;
  value<T>(param: T): unknown;
}

export function createResolver(elements: () => Readonly<Record<string, DataElement>>, services: RuntimeServices): Resolver {
  const pageview = new Map<string, unknown>();
  const custom = new Map<string, unknown>();
  // Declarations by name, looked up once per page (the generated table is a Proxy that builds them
  // on first read). Names that are not in the table are not kept: the page may ask for any.
  const declarations = new Map<string, DataElement>();
  const declared = (name: string): DataElement | undefined => {
    let el = declarations.get(name);
    if (!el && hasOwn(elements(), name)) declarations.set(name, (el = elements()[name]));
    return el;
  };

  // Called for a stored element (storage set, not 'none'): session and visitor values are kept in
  // session and local storage. The page-view duration is compiled out where no project module
  // names it (runtime/declare/unset-options.ts).
  function stored(name: string, el: DataElement): unknown {
    if (!__TAGC_UNSET_pageview__ && el.storage === 'pageview') return pageview.get(name);
    return getJson(area(el), STORAGE_PREFIX + name);
  }

  function store(name: string, el: DataElement, value: unknown): void {
    if (!__TAGC_UNSET_pageview__ && el.storage === 'pageview') pageview.set(name, value);
    else setJson(area(el), STORAGE_PREFIX + name, value);
  }

  function scope(state: JsonState, event: RuleContext['event'] | null): Scope {
    const cache = new Map<string, unknown>();
    let depth = 0;

    const ctx: ReadContext = {
      state,
      event,
      win: services.win,
      runtime: services,
      get,
    };

    function compute(name: string, el: DataElement): unknown {
      let value: unknown;
      try {
        value = normalise(el.read(ctx), el);
      } catch (error) {
        say(Msg.DataElementFailed, name, reason(error));
      }
      if (el.storage && el.storage !== 'none') {
        if (isEmpty(value)) value = stored(name, el);
        else store(name, el, value);
      }
      return isEmpty(value) && el.default !== undefined ? el.default : value;
    }

    function get(name: string): unknown {
      if (cache.has(name)) return cache.get(name);
      const el = declared(name);
      if (!el) return custom.get(name);
      if (depth >= MAX_NESTING) {
        say(Msg.CircularDataElement, name, MAX_NESTING);
        return el.default;
      }
      depth++;
      let value: unknown;
      try {
        value = compute(name, el);
      } finally {
        depth--;
      }
      cache.set(name, value);
      return value;
    }

    function value<T>(param: T): unknown {
      if (isRef(param)) return get(param.$de);
      if (Array.isArray(param)) return param.map(value);
      return isPlainObject(param) ? mapValues(param, value) : param;
    }

    return { get, value };
  }

  return {
    scope,
    setVar(name, value) {
      if (value === undefined) custom.delete(name);
      else custom.set(name, value);
      const el = declared(name);
      if (el && el.storage && el.storage !== 'none') {
        if (isEmpty(value)) {
          if (!__TAGC_UNSET_pageview__) pageview.delete(name);
          removeItem(area(el), STORAGE_PREFIX + name);
        } else store(name, el, value);
      }
    },
    has: (name) => hasOwn(elements(), name) || custom.has(name),
  };
}

/** The web storage that keeps a session or visitor element's value. */
function area(el: DataElement): 'session' | 'local' {
  return el.storage === 'session' ? 'session' : 'local';
}
