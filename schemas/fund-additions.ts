import { eventSchema } from '../runtime/declare';
import { payload, tool, product } from './lib/fields';

export default eventSchema({
  event: "Fund Additions",
  description: "Funds were added (to a comparison or list): tool.toolId and the product list required.",
  schema: payload("Fund Additions", { tool: tool(['toolId']), product }, ["tool","product"], {"tool":{"toolId":"compare-funds"},"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
