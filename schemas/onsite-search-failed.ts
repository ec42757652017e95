import { eventSchema } from '../runtime/declare';
import { payload, search } from './lib/fields';

export default eventSchema({
  event: "Onsite Search Failed",
  description: "A site search returned nothing; search.keyword required.",
  schema: payload("Onsite Search Failed", { search: search(['keyword']) }, ["search"], {"search":{"keyword":{"searchTerm":"grwth fnd","searchType":"site"},"numResults":0}}),
});
