import { capText } from './links';

// On-site promotions (spec §3 Onsite Promo Click / View, §9): an element marked with
// data-ea-promo="<promo name>" is a promotion; data-ea-promo-products="id1,id2" names the
// products it promotes. Without that list the promotion itself is the one product (the product
// list is required by both events' schemas), so promo reports can still break down by promo.

export const PROMO_ATTRIBUTE = 'data-ea-promo';
export const PROMO_PRODUCTS_ATTRIBUTE = 'data-ea-promo-products';

export interface Promo {
  promoName: string;
  product: { productInfo: { productID: string }; quantity: number }[];
}

/** The promotion an element is (name from the attribute, else the element's id), or null. */
export function readPromo(el: Element, attribute: string): Promo | null {
  const name = capText(el.getAttribute(attribute) || el.id || '');
  if (!name) return null;
  const ids = (el.getAttribute(PROMO_PRODUCTS_ATTRIBUTE) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { promoName: name, product: (ids.length ? ids : [name]).map((productID) => ({ productInfo: { productID }, quantity: 1 })) };
}
