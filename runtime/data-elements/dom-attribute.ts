import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';

/** The reader of a domAttribute declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readDomAttribute = ({ selector, property }: { selector: string; property: string }) => ({ win }: ReadContext) => {
  const el = win.document.querySelector(selector) as (HTMLElement & Record<string, unknown>) | null;
  if (!el) return undefined;
  if (property === 'text') return el.innerText || el.textContent;
  return property in el ? el[property] : el.getAttribute(property);
};

/**
 * A property of the first element matching a selector (Launch's "DOM Attribute"): `text` is its
 * text; a property the element has is read as such (`id`, `href`, `value`); else the attribute.
 */
/* @__NO_SIDE_EFFECTS__ */
export function domAttribute<T = string>(selector: string, property: string, options?: DataElementOptions<T>) {
  return dataElement<T>(readDomAttribute({ selector, property }), options, 'domAttribute', { selector, property });
}
