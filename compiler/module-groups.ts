import { dirname } from 'node:path';

// Consecutive modules of one folder joined into one module, each member's default export a named
// export there: esbuild pays per module (5-emit/rule-groups.ts joins the rules for the
// environments' builds, 1-load/load-groups.ts the declaration modules for the load's bundle; the
// figures are there). A group is one scope: two members importing one local name from different
// bindings, or one naming what another imports, are not joined. The group's imports evaluate
// before its first member, which changes nothing since modules only declare (package.json:
// "sideEffects": false).

/** One import of a member: its source as written and its bindings (local name -> imported name; `*` for a namespace). */
export interface ModuleImport {
  source: string;
  names: ReadonlyMap<string, string>;
}

/** A module that can join a group: its file, its imports, and the names its code refers to (imported ones included). */
export interface Joinable {
  abs: string;
  imports: readonly ModuleImport[];
  refs: ReadonlySet<string>;
}

/** The names a group has bound by import, and those its members name without importing. */
class Scope {
  private readonly bound = new Map<string, string>();
  private readonly free = new Set<string>();

  /** Whether `member` shares this scope without a clash; if so, its names are added. */
  add(member: Joinable): boolean {
    const own = new Map<string, string>();
    for (const { source, names } of member.imports) for (const [local, name] of names) own.set(local, `${source}\0${name}`);
    for (const [local, binding] of own) {
      const bound = this.bound.get(local);
      if ((bound !== undefined && bound !== binding) || this.free.has(local)) return false;
    }
    for (const ref of member.refs) if (!own.has(ref) && this.bound.has(ref)) return false;
    for (const [local, binding] of own) this.bound.set(local, binding);
    for (const ref of member.refs) if (!own.has(ref)) this.free.add(ref);
    return true;
  }
}

/**
 * The groups of `modules`, in order: runs of consecutive members of one folder, at most `max` a
 * group, two at least. `undefined` stands for a module that cannot join one and ends the run.
 */
export function consecutiveGroups<M extends Joinable>(modules: Iterable<M | undefined>, max: number): M[][] {
  const groups: M[][] = [];
  let current: M[] = [];
  let scope = new Scope();
  const close = () => {
    if (current.length > 1) groups.push(current);
    current = [];
    scope = new Scope();
  };
  for (const member of modules) {
    if (!member) {
      close();
      continue;
    }
    if (current.length && (current.length >= max || dirname(current[0]!.abs) !== dirname(member.abs) || !scope.add(member))) close();
    if (!current.length) scope.add(member);
    current.push(member);
  }
  close();
  return groups;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The import statements of a group's members: each namespace, then one statement a source (a bare one where it binds nothing). */
export function importStatements(members: readonly Joinable[]): string[] {
  const bySource = new Map<string, Set<string>>();
  const namespaces = new Set<string>();
  const namespaced = new Set<string>();
  for (const { imports } of members) {
    for (const { source, names } of imports) {
      const set = bySource.get(source) ?? new Set<string>();
      bySource.set(source, set);
      for (const [local, name] of names) {
        if (name === '*') {
          namespaces.add(`import * as ${local} from ${JSON.stringify(source)};`);
          namespaced.add(source);
        } else set.add(name === local ? local : `${IDENTIFIER.test(name) ? name : JSON.stringify(name)} as ${local}`);
      }
    }
  }
  const lines = [...namespaces];
  for (const [source, names] of bySource) {
    if (names.size) lines.push(`import { ${[...names].join(', ')} } from ${JSON.stringify(source)};`);
    else if (!namespaced.has(source)) lines.push(`import ${JSON.stringify(source)};`);
  }
  return lines;
}
