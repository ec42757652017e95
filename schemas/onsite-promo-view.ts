import { eventSchema } from '../runtime/declare';
import { payload, promotion, product } from './lib/fields';

export default eventSchema({
  event: "Onsite Promo View",
  description: "An on-site promotion entered the viewport for the first time: promotion.promoName and the product list required.",
  schema: payload("Onsite Promo View", { promotion, product }, ["promotion","product"], {"promotion":{"promoName":"target-date-series"},"product":[{"productInfo":{"productID":"AGTHX"},"quantity":1}]}),
});
