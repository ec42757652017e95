import { eventSchema } from '../runtime/declare';
import { payload, linkInfo, subscription } from './lib/fields';

export default eventSchema({
  event: "Newsletter SignUp Completed",
  description: "A newsletter sign-up completed (event25); linkInfo.customLinkName required, subscription.subscriptionType optional.",
  schema: payload("Newsletter SignUp Completed", { linkInfo: linkInfo(['customLinkName']), subscription }, ["linkInfo"], {"linkInfo":{"customLinkName":"Insights newsletter"},"subscription":{"subscriptionType":"weekly"}}),
});
