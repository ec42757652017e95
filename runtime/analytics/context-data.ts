// Nested groups of the beacon: context data `&c.&a.&b=v&.a&.c` (dotted keys nest) and customer
// ids `&cid.&code.&id=…&as=1&.code&.cid`. Returns the pre-encoded query fragment.

interface Node {
  value?: string;
  children: Map<string, Node>;
}

function node(): Node {
  return { children: new Map() };
}

export function groupQuery(prefix: string, entries: readonly (readonly [string, string])[], encode: (s: string) => string): string {
  const root = node();
  for (const [key, value] of entries) {
    const parts = key.split('.');
    if (parts.some((p) => p === '')) continue; // `a..b` or `.a` cannot be expressed on the wire
    let at = root;
    for (const part of parts) {
      let next = at.children.get(part);
      if (!next) at.children.set(part, (next = node()));
      at = next;
    }
    at.value = value;
  }
  const write = (name: string, n: Node): string => {
    let out = `&${encode(name)}.`;
    for (const [key, child] of n.children) {
      if (child.value !== undefined) out += `&${encode(key)}=${encode(child.value)}`;
      if (child.children.size) out += write(key, child);
    }
    return `${out}&.${encode(name)}`;
  };
  return root.children.size ? write(prefix, root) : '';
}
