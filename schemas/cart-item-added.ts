import { eventSchema } from '../runtime/declare';
import { payload, product } from './lib/fields';

export default eventSchema({
  event: "Cart Item Added",
  description: "The spec's \"cart\" events, named after the product-list convention: items were added to the cart; the product list is required.",
  schema: payload("Cart Item Added", { product }, ["product"], {"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
