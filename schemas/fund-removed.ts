import { eventSchema } from '../runtime/declare';
import { payload, tool, product } from './lib/fields';

export default eventSchema({
  event: "Fund Removed",
  description: "Funds were removed: tool.toolId and the product list required.",
  schema: payload("Fund Removed", { tool: tool(['toolId']), product }, ["tool","product"], {"tool":{"toolId":"compare-funds"},"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
