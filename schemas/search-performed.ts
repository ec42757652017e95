import { eventSchema } from '../runtime/declare';
import { payload, search, onsiteSearch } from './lib/fields';

export default eventSchema({
  event: "Search Performed",
  description: "A search ran: search and onsiteSearch required (onsiteSearch.categoryFilterName optional, numResults a string).",
  schema: payload("Search Performed", { search: search(), onsiteSearch }, ["search","onsiteSearch"], {"search":{"keyword":{"searchTerm":"bond","searchType":"literature"}},"onsiteSearch":{"filterName":"all","litCenterSearchTerm":"bond","numResults":"34","keyword":"bond"}}),
});
