import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';

// Facts of the page itself (Launch's "Page Info", plus the hash, the query and path + query that
// Launch's conditions read).

export type PageAttribute = 'url' | 'hostname' | 'pathname' | 'protocol' | 'referrer' | 'title' | 'hash' | 'search' | 'pathAndQuery';

/** The page URL, host, path, protocol, referrer, title, hash, query string, or path and query. */
/* @__NO_SIDE_EFFECTS__ */
export function pageInfo<T = string>(attribute: PageAttribute, options?: DataElementOptions<T>) {
  return dataElement<T>(
    'pageInfo',
    { attribute },
    ({ win }) => {
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
    },
    options,
  );
}
