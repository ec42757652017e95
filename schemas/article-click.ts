import { eventSchema } from '../runtime/declare';
import { payload, content } from './lib/fields';

export default eventSchema({
  event: "Article Click",
  description: "An article link was clicked (event14): all four content fields required.",
  schema: payload("Article Click", { content: content(['contentTitle', 'contentType', 'contentCategory', 'contentAction']) }, ["content"], {"content":{"contentTitle":"Rates outlook","contentType":"article","contentCategory":"markets-economy","contentAction":"click"}}),
});
