import { eventSchema } from '../runtime/declare';
import { payload, content } from './lib/fields';

export default eventSchema({
  event: "Content Loaded",
  description: "A piece of content was shown; content.contentTitle required.",
  schema: payload("Content Loaded", { content: content(['contentTitle']) }, ["content"], {"content":{"contentTitle":"Rates outlook"}}),
});
