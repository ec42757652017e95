import { dirname, join } from 'node:path';
import { blankRanges } from '../../js-syntax';
import type { StrippedModule, StrippedModules } from '../3-graph/hashes/stripped-modules';
import type { RawMap } from './compress';
import { joinMappings, type MapPart } from './map-lines';
import { consecutiveGroups, importStatements, type Joinable } from '../../module-groups';

// A large project's rule modules reach esbuild as fewer, larger modules: consecutive rule files of
// one folder joined into a group module, each rule's default export a named one there, with a
// source map back to each rule's .ts. esbuild pays per module (resolving its imports, the plugin's
// load, linking, its map): one environment's build at 5,000 rules, replayed alone (6 interleaved
// rounds), 5,000 modules against 50 groups: prod 4.40 -> 1.79 s of esbuild's CPU and its peak
// 315 -> 130 MB, dev 2.33 -> 1.34 s and 343 -> 166 MB; 500 groups prod 2.21 s, dev 1.15 s; one
// group prod 1.89 s, dev 1.88 s (its parse is one thread's).
//
// Only a module that is imports and `export default <expression>` joins a group (most rules: one
// rule a file, its helpers imported), and only where no name clashes (compiler/module-groups.ts).
// Rules evaluate in the same order.

/** How many rules a group holds at most: 5,000 rules in about 50 modules. */
export const RULES_PER_GROUP = 100;

/** A group module's file name (in its rules' folder, which its imports are relative to). */
export const GROUP_FILE = /__tagc-rules-\d+\.js$/;

/** The name a group exports its rule by. */
const exportName = (index: number) => `__tagcRule${index}`;

/** A rule module as a group member: its code without imports, and its imports. */
interface Member extends Joinable {
  /** Code with everything but the `export default` statement blanked, and that statement's start. */
  code: string;
  statement: [number, number];
  prefix: number;
  viewerOnly: [number, number][];
  /** swc's map as the stripped module holds it, parsed only while a group is joined (not a second copy held through every build). */
  map: string;
}

interface MemberMap {
  mappings: string;
  sources: string[];
  sourcesContent?: (string | null)[];
  names?: string[];
}

/** `stripped` as a group member, or undefined where it cannot join one. */
function memberOf(abs: string, { module, js }: StrippedModule): Member | undefined {
  if (!js || module.raw !== undefined || module.statements.length !== 1 || module.always.length || module.declared.size) return undefined;
  if (module.exports.size !== 1 || typeof module.exports.get('default') !== 'number' || module.reexports.size || module.starFrom.length) return undefined;
  const [statement] = module.statements;
  if (statement!.dynamic.length || js.code.includes('import.meta')) return undefined;
  const at = js.code.indexOf(statement!.text);
  const prefix = /^export\s+default\b\s*/.exec(statement!.text)?.[0].length;
  if (at < 0 || prefix === undefined) return undefined;
  if ([...statement!.refs, ...module.imports.keys()].some((name) => name.startsWith('__tagcRule'))) return undefined;
  const imports = [...module.imports].map(([local, { source, name }]) => ({ source, names: new Map([[local, name]]) }));
  return { abs, code: js.code, statement: [at, at + statement!.text.length], prefix, imports, refs: statement!.refs, viewerOnly: js.viewerOnly, map: js.map };
}

/** A group module's text and its inline map's sources and their texts (SourceTexts.loadedFile). */
export interface GroupModule {
  contents: string;
  map: Pick<RawMap, 'sources' | 'sourcesContent'>;
}

/** The rule groups of one build, shared by its environments. */
export class RuleGroups {
  /** Rule file -> its group's file and the name the group exports it by. */
  readonly of = new Map<string, { file: string; name: string }>();
  private readonly members = new Map<string, Member[]>();
  private readonly made = new Map<string, GroupModule>();
  private madeStripped: boolean | undefined;

  constructor(groups: readonly Member[][]) {
    groups.forEach((members, k) => {
      const file = join(dirname(members[0]!.abs), `__tagc-rules-${k}.js`);
      this.members.set(file, members);
      members.forEach((m, i) => this.of.set(m.abs, { file, name: exportName(i) }));
    });
  }

  /** The group module `file` in a bundle of the `included` rules; `strip`: without viewer-only metadata. */
  module(file: string, included: ReadonlySet<string>, strip: boolean): GroupModule {
    const all = this.members.get(file)!;
    const members = all.map((m, i) => [m, i] as const).filter(([m]) => included.has(m.abs));
    const key = `${file}:${members.map(([, i]) => i).join(',')}`;
    // The environments build one variant after the other (test, dev and stg; prod and internal):
    // the other's modules are not asked for again.
    if (this.madeStripped !== strip) this.made.clear();
    this.madeStripped = strip;
    let made = this.made.get(key);
    if (!made) this.made.set(key, (made = joined(members, strip)));
    return made;
  }

  /** Forgets the group modules made: every bundle has read them. */
  clear(): void {
    this.made.clear();
  }
}

/** The members' texts joined, after one import statement per source, with one inline map. */
function joined(members: readonly (readonly [Member, number])[], strip: boolean): GroupModule {
  const header = importStatements(members.map(([m]) => m)).join('');
  const codes = [`${header}\n`];
  const parts: MapPart[] = [{ mappings: '', sources: 0, names: 0, lines: 1 }];
  const sources: string[] = [];
  const sourcesContent: (string | null)[] = [];
  const names: string[] = [];
  for (const [m, i] of members) {
    const { mappings, sources: own, sourcesContent: texts = [], names: ownNames = [] } = JSON.parse(m.map) as MemberMap;
    const [start, end] = m.statement;
    // Columns stay where swc's map has them: the imports and `export default` are blanked, and
    // the rule's name is declared on a line of its own before its code.
    const blank: [number, number][] = [[0, start], [start, start + m.prefix], [end, m.code.length], ...(strip ? m.viewerOnly : [])];
    const code = blankRanges(m.code, blank);
    const text = `export const ${exportName(i)}=\n${code}\n`;
    parts.push({ mappings: `;${mappings}`, sources: own.length, names: ownNames.length, lines: text.split('\n').length - 1 });
    codes.push(text);
    sources.push(...own);
    own.forEach((_, s) => sourcesContent.push(texts[s] ?? null));
    names.push(...ownNames);
  }
  const inline = Buffer.from(JSON.stringify({ version: 3, sources, names, mappings: joinMappings(parts) })).toString('base64');
  return { contents: `${codes.join('')}//# sourceMappingURL=data:application/json;base64,${inline}\n`, map: { sources, sourcesContent } };
}

/**
 * The groups of `files` (rule modules in the entries' order: descending path): consecutive files
 * of one folder that can join a group, at most RULES_PER_GROUP each. A file that cannot stays
 * a module of its own.
 */
export async function ruleGroups(files: readonly string[], stripped: StrippedModules): Promise<RuleGroups> {
  const members: (Member | undefined)[] = [];
  for (const abs of files) members.push(memberOf(abs, await stripped.get(abs)));
  return new RuleGroups(consecutiveGroups(members, RULES_PER_GROUP));
}
