// Nested groups of the beacon: context data `&c.&a.&b=v&.a&.c` (dotted keys nest) and customer
// ids `&cid.&code.&id=…&as=1&.code&.cid`. Returns the pre-encoded query fragment.

/** A key part: the parts under it, and the value of the key that ends at it, if any. */
type Node = Map<string, Node> & { value?: string };

export function groupQuery(prefix: string, entries: readonly (readonly [string, string])[], encode: (s: string) => string): string {
  const root: Node = new Map();
  for (const [key, value] of entries) {
    const parts = key.split('.');
    if (parts.some((p) => p === '')) continue; // `a..b` or `.a` cannot be expressed on the wire
    let at = root;
    for (const part of parts) {
      let next = at.get(part);
      if (!next) at.set(part, (next = new Map()));
      at = next;
    }
    at.value = value;
  }
  const write = (name: string, n: Node): string => {
    let out = `&${encode(name)}.`;
    for (const [key, child] of n) {
      if (child.value !== undefined) out += `&${encode(key)}=${encode(child.value)}`;
      if (child.size) out += write(key, child);
    }
    return `${out}&.${encode(name)}`;
  };
  return root.size ? write(prefix, root) : '';
}
