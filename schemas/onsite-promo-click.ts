import { eventSchema } from '../runtime/declare';
import { payload, promotion, product } from './lib/fields';

export default eventSchema({
  event: "Onsite Promo Click",
  description: "An on-site promotion was clicked (sent after a 500 ms anchor delay): promotion.promoName and the product list required.",
  schema: payload("Onsite Promo Click", { promotion, product }, ["promotion","product"], {"promotion":{"promoName":"target-date-series"},"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
