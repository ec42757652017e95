import { dataLayerValue } from '../runtime/declare';

// The data layer's `content`, `search` and `onsiteSearch` groups (spec §3). search.numResults is
// a number, onsiteSearch.numResults a string: hence searchNumResults vs onsiteSearchNumResults.

export const contentTitle = dataLayerValue<string>('content.contentTitle', { description: 'content.contentTitle', clean: true });
export const contentType = dataLayerValue<string>('content.contentType', { description: 'content.contentType' });
export const contentCategory = dataLayerValue<string>('content.contentCategory', { description: 'content.contentCategory' });
export const contentAction = dataLayerValue<string>('content.contentAction', { description: 'content.contentAction' });

export const searchNumResults = dataLayerValue<number>('search.numResults', { description: 'search.numResults (a number)' });
export const searchTerm = dataLayerValue<string>('search.keyword.searchTerm', { description: 'search.keyword.searchTerm', clean: true });
export const searchType = dataLayerValue<string>('search.keyword.searchType', { description: 'search.keyword.searchType' });

export const onsiteSearchFilterName = dataLayerValue<string>('onsiteSearch.filterName', { description: 'onsiteSearch.filterName' });
export const onsiteSearchCategoryFilterName = dataLayerValue<string>('onsiteSearch.categoryFilterName', { description: 'onsiteSearch.categoryFilterName (optional)' });
export const onsiteSearchLitCenterTerm = dataLayerValue<string>('onsiteSearch.litCenterSearchTerm', { description: 'onsiteSearch.litCenterSearchTerm', clean: true });
export const onsiteSearchNumResults = dataLayerValue<string>('onsiteSearch.numResults', { description: 'onsiteSearch.numResults (a string, unlike search.numResults)' });
export const onsiteSearchKeyword = dataLayerValue<string>('onsiteSearch.keyword', { description: 'onsiteSearch.keyword', clean: true });
