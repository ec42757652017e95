import { eventSchema } from '../runtime/declare';
import { payload, product } from './lib/fields';

export default eventSchema({
  event: "Cart Viewed",
  description: "A \"cart\" event: the cart was shown; the product list is optional (an empty cart has none).",
  schema: payload("Cart Viewed", { product }, [], {"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
