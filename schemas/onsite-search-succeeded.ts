import { eventSchema } from '../runtime/declare';
import { payload, search } from './lib/fields';

export default eventSchema({
  event: "Onsite Search Succeeded",
  description: "A site search returned results; search.keyword required.",
  schema: payload("Onsite Search Succeeded", { search: search(['keyword']) }, ["search"], {"search":{"keyword":{"searchTerm":"growth fund","searchType":"site"},"numResults":12}}),
});
