// Data elements as data: a declaration of a kind exported here (under the kind's name) is its
// params and options alone, read by a function of the params. The generated entry
// (compiler/phases/5-emit/entry.ts) emits such declarations as rows of a table (./table.ts) and
// imports only the readers its rows use; a declaration with its own code (computed, derived) stays
// the module export it is. Export nothing else from this module: the compiler takes every export
// for a kind.

export { readConstant as constant } from './constant';
export { readCookie as cookie } from './cookie';
export { readDataLayer as dataLayer } from './data-layer';
export { readDomAttribute as domAttribute } from './dom-attribute';
export { readGlobalVariable as globalVariable } from './global-variable';
export { readPageInfo as pageInfo } from './page-info';
export { readQueryParam as queryParam } from './query-param';
export { readLocalItem as localStorage, readSessionItem as sessionStorage } from './storage-item';
