import { isPlainObject } from '../core/merge';
import { say } from '../core/log';
import { Msg } from '../core/messages';
import { byteLength, LIMITS } from './limits';

// The `products` variable: `category;product;quantity;price;events;eVars`, products joined by
// commas. Built from the data layer's product list (`productInfo.productID`, `quantity`) or from
// product objects; `;`, `,` and `|` cannot appear inside a field, so they are removed.

/** Text or a finite number as a field; anything else (null, an object, an array, a boolean, NaN) is '', never a word. */
function field(v: unknown): string {
  return typeof v == 'string' || Number.isFinite(v) ? String(v).replace(/[;,|]/g, '').trim() : '';
}

/** A list's entries as fields joined by `|`; an empty entry ('' as a field) is left out. */
const list = (v: unknown): string => (Array.isArray(v) ? v.map(field).filter(Boolean).join('|') : '');

/**
 * One product of the wire string from a data-layer list item (`productInfo.productID`) or a
 * product object (`id`, `category`, `quantity`, `price` as the line total, `events`, `eVars` as
 * `eVarN=value`); undefined without an id (text or a finite number, not empty once cleaned).
 */
export function productString(item: unknown): string | undefined {
  if (!isPlainObject(item)) return undefined;
  const info = item.productInfo;
  const id = field(isPlainObject(info) ? info.productID : item.id);
  if (!id) return undefined;
  // Absent is NaN and null 0: neither is a positive whole number, so neither is written.
  const quantity = Number(item.quantity);
  const price = item.price;
  const parts = [field(item.category), id, Number.isInteger(quantity) && quantity > 0 ? String(quantity) : '', Number.isFinite(price) ? String(price) : '', list(item.events), list(item.eVars)];
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
    const s = productString(item);
    if (s === undefined) {
      if (item != null) say(Msg.ProductWithoutId);
      continue;
    }
    size += byteLength(s) + 1;
    if (size > LIMITS.products) {
      say(Msg.ProductsTooLong, LIMITS.products);
      break;
    }
    out.push(s);
  }
  return out.join(',');
}
