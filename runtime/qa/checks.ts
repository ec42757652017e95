import { byteLength, LIMITS } from '../analytics/limits';

// The analytics QA checks (spec §5: casing, byte limits, variable ranges, event and product
// string syntax, currency code, purchase ID; all enabled; max eVar index 250), run on each
// beacon as it leaves. They read the wire parameters, so they also catch what custom code or a
// page's own s.t() call put there.

export interface QaFinding {
  /** The beacon parameter concerned (v22, events, products, cc...). */
  key: string;
  /** Which check: casing, byteLimit, range, events, products, currency, purchaseId. */
  check: 'casing' | 'byteLimit' | 'range' | 'events' | 'products' | 'currency' | 'purchaseId';
  message: string;
}

const NAMED_EVENTS = ['purchase', 'prodView', 'scOpen', 'scAdd', 'scRemove', 'scView', 'scCheckout'];
const LIMIT_OF: [RegExp, number, string][] = [
  [/^(pageName|ch|server)$/, LIMITS.pageName, 'bytes'],
  [/^c\d+$/, LIMITS.prop, 'bytes'],
  [/^(v\d+|v0|r)$/, LIMITS.eVar, 'bytes'],
  [/^l[1-3]$/, LIMITS.list, 'bytes'],
  [/^pev2$/, LIMITS.linkName, 'bytes'],
  [/^events$/, LIMITS.events, 'bytes'],
  [/^products$/, LIMITS.products, 'bytes'],
];

function eventProblem(entry: string): string | null {
  const m = /^([A-Za-z]+)(\d*)(?:([=:])(.*))?$/.exec(entry);
  if (!m) return `"${entry}" is not an event`;
  const [, word, n, sep, value] = m;
  if (word !== 'event' && word.toLowerCase() === 'event') return `"${entry}": event names are case-sensitive (event${n})`;
  if (word === 'event') {
    const index = Number(n);
    if (!n || index < 1 || index > 1000) return `"${entry}": custom events are event1 to event1000`;
  } else if (!NAMED_EVENTS.includes(word + n)) {
    const fixed = NAMED_EVENTS.find((e) => e.toLowerCase() === (word + n).toLowerCase());
    return fixed ? `"${entry}": event names are case-sensitive (${fixed})` : `"${entry}" is not an event`;
  }
  if (sep === '=' && !/^-?\d+(\.\d+)?$/.test(value ?? '')) return `"${entry}": an event value must be numeric`;
  if (sep === ':' && !/^[A-Za-z0-9]{1,20}$/.test(value ?? '')) return `"${entry}": a serialised event id is 1 to 20 letters or digits`;
  return null;
}

function productProblem(product: string): string | null {
  const fields = product.split(';');
  if (fields.length > 6) return `"${product}": a product has at most 6 fields (category;product;quantity;price;events;eVars)`;
  const [, name, quantity, price, events] = fields;
  if (!name) return `"${product}": the product id is missing`;
  if (quantity && !/^\d+$/.test(quantity)) return `"${product}": quantity must be a whole number`;
  if (price && !/^-?\d+(\.\d+)?$/.test(price)) return `"${product}": price must be numeric`;
  for (const e of (events ?? '').split('|').filter(Boolean)) {
    const problem = eventProblem(e);
    if (problem) return `"${product}": ${problem}`;
  }
  return null;
}

export function checkBeacon(params: Readonly<Record<string, string>>): QaFinding[] {
  const out: QaFinding[] = [];
  for (const [key, value] of Object.entries(params)) {
    // Ranges and casing of variable names: eVar 1-250, prop 1-75, list 1-3.
    const v = /^(v|c|l)(\d+)$/i.exec(key);
    if (v && /^[vcl]$/.test(v[1])) {
      const index = Number(v[2]);
      const max = v[1] === 'v' ? 250 : v[1] === 'c' ? 75 : 3;
      if (!(v[1] === 'v' && index === 0) && (index < 1 || index > max)) out.push({ key, check: 'range', message: `${key} is out of range (${v[1]}1 to ${v[1]}${max})` });
    } else if (v) out.push({ key, check: 'casing', message: `${key}: variable names are lower-case on the wire (${key.toLowerCase()})` });
    for (const [re, max] of LIMIT_OF) {
      if (re.test(key) && byteLength(value) > max) out.push({ key, check: 'byteLimit', message: `${key} is ${byteLength(value)} bytes, over its limit of ${max}` });
    }
  }
  if (params.events) {
    for (const entry of params.events.split(',').filter(Boolean)) {
      const problem = eventProblem(entry);
      if (problem) out.push({ key: 'events', check: entry.toLowerCase() !== entry && problem.includes('case-sensitive') ? 'casing' : 'events', message: problem });
    }
  }
  if (params.products) {
    for (const product of params.products.split(',')) {
      const problem = productProblem(product);
      if (problem) out.push({ key: 'products', check: 'products', message: problem });
    }
  }
  if (params.cc !== undefined && !/^[A-Z]{3}$/.test(params.cc)) out.push({ key: 'cc', check: 'currency', message: `currency code "${params.cc}" must be three upper-case letters` });
  if (params.purchaseID !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(params.purchaseID)) {
    out.push({ key: 'purchaseID', check: 'purchaseId', message: `purchaseID "${params.purchaseID}" must be 1 to 20 letters or digits` });
  }
  return out;
}

/** The parameters of a beacon URL (and of a POSTed body). */
export function beaconParams(url: string, body?: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const [k, v] of new URL(url).searchParams) out[k] = v;
  } catch {
    // Not a URL: no parameters.
  }
  if (body) for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}
