import { isPlainObject } from '../core/merge';
import { say } from '../core/log';
import { Msg } from '../core/messages';
import { byteLength, LIMITS } from './limits';

// The `products` variable: `category;product;quantity;price;events;eVars`, products joined by
// commas. Built from the data layer's product list (`productInfo.productID`, `quantity`) or from
// product objects; `;`, `,` and `|` cannot appear inside a field, so they are removed.

export interface Product {
  category?: string;
  id: string;
  quantity?: number;
  /** Line total. */
  price?: number;
  events?: readonly string[];
  /** Merchandising eVars as `eVarN=value`. */
  eVars?: readonly string[];
}

function field(v: unknown): string {
  return v == null ? '' : String(v).replace(/[;,|]/g, '').trim();
}

/** A data-layer list item or a Product. */
function toProduct(item: unknown): Product | undefined {
  if (!isPlainObject(item)) return undefined;
  const info = item.productInfo;
  const id = isPlainObject(info) ? info.productID : item.id;
  if (id == null || id === '') return undefined;
  return {
    id: String(id),
    category: item.category == null ? undefined : String(item.category),
    quantity: typeof item.quantity === 'number' ? item.quantity : item.quantity == null ? undefined : Number(item.quantity),
    price: typeof item.price === 'number' ? item.price : undefined,
    events: Array.isArray(item.events) ? item.events.map(String) : undefined,
    eVars: Array.isArray(item.eVars) ? item.eVars.map(String) : undefined,
  };
}

export function productString(p: Product): string {
  const quantity = p.quantity !== undefined && Number.isInteger(p.quantity) && p.quantity > 0 ? String(p.quantity) : '';
  const price = p.price !== undefined && Number.isFinite(p.price) ? String(p.price) : '';
  const parts = [field(p.category), field(p.id), quantity, price, (p.events ?? []).map(field).join('|'), (p.eVars ?? []).map(field).join('|')];
  while (parts.length > 2 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(';');
}

/** The wire string from a string (sent as given), a product list, or one product. */
export function serialiseProducts(value: unknown): string {
  if (typeof value === 'string') return value;
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  let size = 0;
  for (const item of list) {
    const p = toProduct(item);
    if (!p) {
      if (item != null) say(Msg.ProductWithoutId);
      continue;
    }
    const s = productString(p);
    size += byteLength(s) + 1;
    if (size > LIMITS.products) {
      say(Msg.ProductsTooLong, LIMITS.products);
      break;
    }
    out.push(s);
  }
  return out.join(',');
}
