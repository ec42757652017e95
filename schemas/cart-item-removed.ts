import { eventSchema } from '../runtime/declare';
import { payload, product } from './lib/fields';

export default eventSchema({
  event: "Cart Item Removed",
  description: "A \"cart\" event: items were removed from the cart; the product list is required.",
  schema: payload("Cart Item Removed", { product }, ["product"], {"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
