import { eventSchema } from '../runtime/declare';
import { payload, social } from './lib/fields';

export default eventSchema({
  event: "Content Share",
  description: "Content was shared; social.shareMethod required.",
  schema: payload("Content Share", { social }, ["social"], {"social":{"shareMethod":"linkedin"}}),
});
