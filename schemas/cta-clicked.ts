import { eventSchema } from '../runtime/declare';
import { payload, linkInfo } from './lib/fields';

export default eventSchema({
  event: "CTA Clicked",
  description: "A call-to-action was clicked (event61): linkInfo.linkId and customLinkName required, linkPosition optional.",
  schema: payload("CTA Clicked", { linkInfo: linkInfo(['linkId', 'customLinkName']) }, ["linkInfo"], {"linkInfo":{"linkId":"cta-open-account","customLinkName":"Open an account","linkPosition":"hero"}}),
});
