import { eventSchema } from '../runtime/declare';
import { payload, linkInfo } from './lib/fields';

export default eventSchema({
  event: "Modal Load",
  description: "A modal dialog opened; linkInfo.customLinkName required.",
  schema: payload("Modal Load", { linkInfo: linkInfo(['customLinkName']) }, ["linkInfo"], {"linkInfo":{"customLinkName":"Leaving site notice"}}),
});
