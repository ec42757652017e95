import { eventSchema } from '../runtime/declare';
import { payload, hover } from './lib/fields';

export default eventSchema({
  event: "Hover",
  description: "A tracked element was hovered (event67); hover.hoverLinkName required.",
  schema: payload("Hover", { hover }, ["hover"], {"hover":{"hoverLinkName":"fund tooltip"}}),
});
