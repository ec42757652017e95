import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';

// Facts of the page itself (Launch's "Page Info", plus the hash, the query and path + query that
// Launch's conditions read).

export type PageAttribute = 'url' | 'hostname' | 'pathname' | 'protocol' | 'referrer' | 'title' | 'hash' | 'search' | 'pathAndQuery';

/**
 * `read` of the page's location, read again only when the address changed (a history push or
 * replace gives another `href`): page-context data elements are read on every event, and each
 * location getter asks the browser (the path's name, suite and channel cost more host calls than
 * the one `href`). A location without `href` (a test's plain object) is read every time.
 */
/* @__NO_SIDE_EFFECTS__ */
export function byAddress<T>(read: (location: Location) => T): (win: Window) => T {
  let href: string | undefined;
  let value: T;
  return (win) => {
    const loc = win.location;
    const now = loc.href;
    if (now === undefined || now !== href) {
      value = read(loc);
      href = now;
    }
    return value;
  };
}

/** The reader of a pageInfo declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readPageInfo = ({ attribute }: { attribute: PageAttribute }) => ({ win }: ReadContext) => {
  const loc = win.location;
  const doc = win.document;
  switch (attribute) {
    case 'url':
      return loc.href;
    case 'referrer':
      return doc.referrer;
    case 'title':
      return doc.title;
    case 'pathAndQuery':
      return loc.pathname + loc.search;
    default:
      return loc[attribute];
  }
};

/** The page URL, host, path, protocol, referrer, title, hash, query string, or path and query. */
/* @__NO_SIDE_EFFECTS__ */
export function pageInfo<T = string>(attribute: PageAttribute, options?: DataElementOptions<T>) {
  return dataElement<T>(readPageInfo({ attribute }), options, 'pageInfo', { attribute });
}
