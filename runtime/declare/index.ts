// The authoring API: everything a module under rules/, data-elements/ or schemas/ imports.
// Each kind lives in its own file under runtime/<family>/; bundles carry only the kinds used.
export type * from './types';
export { rule } from './rule';
export { de } from './ref';
export { eventSchema } from './schema';
export { dataElement } from './data-element';
export { viewTable } from './table';

export { libraryLoaded } from '../events/library-loaded';
export { domReady } from '../events/dom-ready';
export { windowLoaded } from '../events/window-loaded';
export { pageHidden } from '../events/page-hidden';
export { directCall } from '../events/direct-call';

export { pathStartsWith, pathContains, pathEquals, pathEndsWith, pathMatches } from '../conditions/path';
export { hostEquals, hostIn, hostContains, hostWithin } from '../conditions/host';
export { equals, notEquals, contains, startsWith, matches, isIn, truthy, falsy } from '../conditions/compare';
export { not } from '../conditions/not';
export { anyOf } from '../conditions/any-of';


export { dataLayerValue } from '../data-elements/data-layer';
export { queryParam } from '../data-elements/query-param';
export { cookie } from '../data-elements/cookie';
export { localItem, sessionItem } from '../data-elements/storage-item';
export { constant } from '../data-elements/constant';
export { derived } from '../data-elements/derived';
export { computed } from '../data-elements/computed';
export { loadTargeting } from '../actions/targeting-page-load';
