import { eventSchema } from '../runtime/declare';
import { payload, linkInfo, subscription } from './lib/fields';

export default eventSchema({
  event: "Newsletter SignUp Started",
  description: "The \"newsletter\" event of the spec's other named events, named here as the start of the sign-up (its sibling is Newsletter SignUp Completed); nothing but the name is required.",
  schema: payload("Newsletter SignUp Started", { linkInfo: linkInfo(), subscription }, [], {"linkInfo":{"customLinkName":"Insights newsletter"}}),
});
