// Decodes a beacon query the way the collection servers read it: flat parameters, plus the
// nested groups (`c.` context data, `cid.` customer ids) flattened to dotted keys.

export interface Decoded {
  params: Record<string, string>;
  contextData: Record<string, string>;
  cid: Record<string, string>;
  /** Parameter names in order, groups as `c.` / `cid.`. */
  order: string[];
}

export function decodeQuery(query: string): Decoded {
  const out: Decoded = { params: {}, contextData: {}, cid: {}, order: [] };
  const stack: string[] = [];
  for (const token of query.replace(/^[^?]*\?/, '').split('&')) {
    if (!token) continue;
    const eq = token.indexOf('=');
    if (eq < 0) {
      const name = decodeURIComponent(token);
      if (name.endsWith('.')) {
        if (!stack.length) out.order.push(name);
        stack.push(name.slice(0, -1));
      } else if (name.startsWith('.')) {
        if (stack.pop() !== name.slice(1)) throw new Error(`unbalanced group ${name}`);
      } else throw new Error(`bad token ${token}`);
      continue;
    }
    const key = decodeURIComponent(token.slice(0, eq));
    const value = decodeURIComponent(token.slice(eq + 1));
    if (!stack.length) {
      if (key in out.params) throw new Error(`duplicate ${key}`);
      out.params[key] = value;
      out.order.push(key);
    } else {
      const [group, ...rest] = stack;
      const target = group === 'c' ? out.contextData : group === 'cid' ? out.cid : undefined;
      if (!target) throw new Error(`unknown group ${group}`);
      target[[...rest, key].join('.')] = value;
    }
  }
  if (stack.length) throw new Error(`unclosed group ${stack.join('.')}`);
  return out;
}
