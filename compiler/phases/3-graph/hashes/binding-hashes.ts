import { createHash } from 'node:crypto';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The hash of every binding: over its own code and its imports' hashes (sorted by key). The
 * bindings of one import cycle (a strongly connected component, Tarjan's algorithm) share a hash
 * over all their code and the hashes of what the cycle imports from outside it, each member's
 * then told apart by its key; so the result does not depend on the order bindings are visited.
 */
export function bindingHashes(outputs: ReadonlyMap<string, string>, deps: ReadonlyMap<string, readonly string[]>): Map<string, string> {
  const hashes = new Map<string, string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  const visit = (key: string): void => {
    index.set(key, counter);
    low.set(key, counter++);
    stack.push(key);
    onStack.add(key);
    for (const dep of deps.get(key) ?? []) {
      if (!outputs.has(dep)) continue;
      if (!index.has(dep)) {
        visit(dep);
        low.set(key, Math.min(low.get(key)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(key, Math.min(low.get(key)!, index.get(dep)!));
    }
    if (low.get(key) !== index.get(key)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== key);
    const inside = new Set(members);
    const cyclic = members.length > 1 || (deps.get(key) ?? []).includes(key);
    const outside = (k: string) => (deps.get(k) ?? []).filter((d) => !inside.has(d)).map((d) => `${d}=${hashes.get(d) ?? 'missing'}\n`);
    if (!cyclic) {
      hashes.set(key, sha256(`${outputs.get(key)}\0${outside(key).join('')}`));
      return;
    }
    members.sort();
    const shared = sha256(members.map((k) => `${k}\0${outputs.get(k)}\0${outside(k).join('')}\0`).join(''));
    for (const k of members) hashes.set(k, sha256(`${shared}\0${k}`));
  };
  for (const key of [...outputs.keys()].sort()) if (!index.has(key)) visit(key);
  return hashes;
}
