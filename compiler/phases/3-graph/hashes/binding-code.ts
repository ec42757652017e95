import { ALL, type Import, type Module } from './read-module';

/**
 * The code of one binding of a module: the top-level statements it reaches (in the module's
 * order) and the imports they use, as (source, name) pairs.
 */
export function bindingCode(m: Module, name: string): { text: string; uses: Import[] } {
  if (m.raw !== undefined) return { text: m.raw, uses: [] };
  const keep = new Set<number>(m.always);
  const uses: Import[] = [];
  const usedImports = new Set<string>();
  const lines: string[] = [];
  const queue: string[] = [];
  if (name === ALL) {
    m.statements.forEach((_, i) => keep.add(i));
    for (const [exported, local] of m.exports) lines.push(`export ${exported} = ${typeof local === 'number' ? `#${local}` : local}`);
    for (const [exported, r] of m.reexports) uses.push(r), lines.push(`export ${exported} from ${r.source} ${r.name}`);
    for (const source of m.starFrom) uses.push({ source, name: ALL }), lines.push(`export * from ${source}`);
  } else {
    const local = m.exports.get(name);
    const re = m.reexports.get(name);
    if (typeof local === 'number') keep.add(local);
    else if (local !== undefined) queue.push(local);
    else if (re) uses.push(re), lines.push(`export ${name} from ${re.source} ${re.name}`);
    // Not exported here: whichever `export * from` module has it.
    else for (const source of m.starFrom) uses.push({ source, name }), lines.push(`export ${name} from ${source} *`);
    if (local !== undefined) lines.push(`export ${name} = ${typeof local === 'number' ? `#${local}` : local}`);
    for (const [key, r] of m.reexports) if (key.startsWith('\0')) uses.push(r);
  }
  for (const i of keep) queue.push(...m.statements[i].refs);
  for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
    const declared = m.declared.get(ref);
    if (declared !== undefined) {
      if (!keep.has(declared)) {
        keep.add(declared);
        queue.push(...m.statements[declared].refs);
      }
    } else if (!usedImports.has(ref) && m.imports.has(ref)) usedImports.add(ref);
  }
  if (name === ALL) for (const local of m.imports.keys()) usedImports.add(local);
  for (const local of [...usedImports].sort()) {
    const imported = m.imports.get(local)!;
    uses.push(imported);
    lines.push(`import ${imported.name} as ${local} from ${imported.source}`);
  }
  const kept = [...keep].sort((a, b) => a - b).map((i) => m.statements[i]);
  for (const s of kept) for (const source of s.dynamic) uses.push({ source, name: ALL });
  return { text: `${lines.join('\n')}\n${kept.map((s) => s.text).join('\n')}`, uses };
}

