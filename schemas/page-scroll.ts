import { eventSchema } from '../runtime/declare';
import { payload, scroll } from './lib/fields';

export default eventSchema({
  event: "Page Scroll",
  description: "The page was scrolled to a depth; scroll.pagePercentage required.",
  schema: payload("Page Scroll", { scroll }, ["scroll"], {"scroll":{"pagePercentage":50}}),
});
