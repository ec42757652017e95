import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import type { Project } from 'typescript/unstable/async';
import { inventoryKeys } from '../../../runtime/core/egress';
import type { Rule, SendCategory } from '../../../runtime/declare/types';
import { Diagnostics } from '../../diagnostics';
import { LARGE_PROJECT_MODULES } from '../../esbuild-api';
import { cacheDir } from '../../typecheck';
import type { Loaded } from '../1-load';
import { withProofProject } from './proof-process';
import { proofRoots } from './proof-roots';
import type { Located, NetworkUse, SendCall } from './network-uses';

// The network half of the consent proof (docs/security.md): custom code reaches the network only
// through ctx.runtime.send (the egress point, which checks consent, the host inventory and
// redaction as a request leaves). The TypeScript compiler API (TypeScript 7's native program,
// `typescript/unstable/async`, imported when a build proves rather than at start-up) loads every rule module and the project modules it imports, and each
// of those files is searched for a way around the egress point (network-uses.ts). Every
// `runtime.send(category, url)` must name, as a literal, a category its rule's actions declare
// (`sends`; inside an action object literal, that action's own), and an absolute literal URL must
// go to a host those actions declare (`hosts`). The engine (runtime/) and packages are not custom
// code and are not searched. The proof is asynchronous: TypeScript works in its own process while
// the compiler validates, plans and bundles (compile() awaits it before anything is written).

const CATEGORIES: readonly SendCategory[] = ['analytics', 'advertising', 'performance', 'necessary'];
const OWN_RUNTIME = resolve(dirname(fileURLToPath(import.meta.url)), '../../../runtime');

interface RuleUse {
  categories: Set<string>;
  hosts: Set<string>;
  name: string;
}

function ruleUse(r: Loaded<Rule>): RuleUse {
  const categories = new Set<string>();
  const hosts = new Set<string>();
  for (const a of r.value.actions ?? []) {
    if (typeof a?.sends === 'string') categories.add(a.sends);
    const declared = (a?.params as { hosts?: unknown } | undefined)?.hosts;
    if (Array.isArray(declared)) for (const h of declared) if (typeof h === 'string') hosts.add(h);
  }
  return { categories, hosts, name: String(r.value.id ?? r.file) };
}

/** A relative import resolved against the program's files (TypeScript's own resolution put them there). */
function resolveImport(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec).replace(/\.[cm]?js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.js')].find((c) => files.has(c));
}

/** Host of an absolute http(s) URL at the start of a literal, if any. */
function literalHost(url: string | undefined): string | undefined {
  const m = url === undefined ? null : /^https?:\/\/([^/?#\s]+)/i.exec(url);
  return m ? m[1].toLowerCase() : undefined;
}

/** Declared as the egress point would match it (the host, or `*.` a parent domain). */
const hostDeclared = (host: string, declared: Set<string>) => inventoryKeys(host, host.replace(/:\d+$/, '')).some((k) => declared.has(k));

/**
 * A tsconfig of our own whose files are the rule modules: the program is them and every module
 * they import. It is written to the cache folder, not served through the API's file-system
 * callbacks: those cost a round trip per file TypeScript looks up (seconds with 5,000 rules).
 */
export function writeProofConfig(root: string, files: string[]): string {
  const text = JSON.stringify({
    compilerOptions: { noEmit: true, allowJs: true, types: [], lib: ['esnext', 'dom'], module: 'esnext', moduleResolution: 'bundler', target: 'esnext', skipLibCheck: true },
    files,
  });
  // Named by its content: TypeScript's shared process (proof-process.ts) reads a tsconfig once.
  const config = join(cacheDir(root), 'network-proof', `tsconfig-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  mkdirSync(dirname(config), { recursive: true });
  writeFileSync(config, text);
  return config;
}

/** TypeScript's API and the file scan: ~0.17 s CPU of module loading, begun ahead of the proof by prepareValidation(). */
export function importProofModules() {
  return Promise.all([import('typescript/unstable/async'), import('./network-uses')]);
}

/**
 * The proof, tried once more when TypeScript's process fails rather than answers (TypeScript 7
 * has ended with "context canceled" on an overloaded machine); its findings are added only once
 * a run has completed, so a retry never reports twice.
 */
export async function proveNetwork(rules: Loaded<Rule>[], diagnostics: Diagnostics): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const found = new Diagnostics();
    let files: string[];
    try {
      files = await proveOnce(rules, found);
    } catch (error) {
      if (attempt < 2) continue;
      throw error;
    }
    diagnostics.list.push(...found.list);
    return files;
  }
}

/** The proof; answers the files TypeScript loaded for it (what its findings depend on: 2-validate/kept-proof.ts). */
async function proveOnce(rules: Loaded<Rule>[], diagnostics: Diagnostics): Promise<string[]> {
  if (!rules.length) return [];
  // The project root: what the loaded files' relative names are relative to.
  const root = resolve(rules[0].abs, ...rules[0].file.split('/').map(() => '..'));
  const modules = await importProofModules();
  // Rule modules whose imports their text tells are read here, not parsed by TypeScript (proof-roots.ts).
  const { roots, outside } = proofRoots(rules.map((r) => r.abs), modules[1].importsWithoutTree);
  const config = writeProofConfig(root, roots);
  try {
    return await withProofProject(config, (project) => proveIn(project, root, rules, outside, diagnostics, modules), { last: rules.length >= LARGE_PROJECT_MODULES });
  } finally {
    rmSync(config, { force: true });
  }
}

/**
 * The proof in TypeScript's program of the rule modules (those `outside` it aside, with their
 * imports as their text tells them: proof-roots.ts).
 */
async function proveIn(project: Project, root: string, rules: Loaded<Rule>[], outside: Map<string, string[]>, diagnostics: Diagnostics, [{ TypeFlags }, { scanFile, importsOf, importsWithoutTree }]: Awaited<ReturnType<typeof importProofModules>>): Promise<string[]> {
  const trusted = [resolve(root, 'runtime') + sep, OWN_RUNTIME + sep];
  const custom = (f: string) => !f.includes(`${sep}node_modules${sep}`) && !trusted.some((t) => f.startsWith(t)) && !f.endsWith('.d.ts');
  const { program, checker } = project;
  const files = new Set([...(await program.getSourceFileNames()).map((f) => resolve(f)), ...outside.keys()]);
  // A custom file whose text holds nothing scanFile could report is not fetched: its imports
  // are read from its text (most files: every synthetic rule, 76 of the container's 109).
  const customFiles = [...files].filter(custom).sort();
  const textual = new Map<string, string[]>();
  for (const f of customFiles) {
    const imports = outside.get(f) ?? importsWithoutTree(f);
    if (imports) textual.set(f, imports);
  }
  // The others, fetched at once: one round trip each, in flight together.
  const fetched = customFiles.filter((f) => !textual.has(f));
  // Each read once: its ways around the egress point and its sends (network-uses.ts, scanFile).
  const parsed = new Map<string, { sf: SourceFile; uses: NetworkUse[]; sends: SendCall[] }>();
  (await Promise.all(fetched.map((f) => program.getSourceFile(f)))).forEach((sf, i) => sf && parsed.set(fetched[i], { sf, ...scanFile(sf) }));
  const at = (sf: SourceFile, n: Located) => {
    const lc = sf.getLineAndCharacterOfPosition(n.pos);
    return { line: lc.line + 1, column: lc.character + 1 };
  };
  const fileOf = (abs: string) => relative(root, abs).split(sep).join('/');
  // `o[k] = v` is a way around only when o can be an element (or is untyped).
  const urlBearing = async (object: Node) => {
    const type = await checker.getTypeAtLocation(object);
    if (!type || type.flags & (TypeFlags.Any | TypeFlags.Unknown)) return true;
    const apparent = (await checker.getApparentType(type)) ?? type;
    return (await Promise.all(['src', 'href', 'innerHTML'].map((p) => checker.getPropertyOfType(apparent, p)))).some(Boolean);
  };

  // Ways around the egress point: reported once per file, wherever it is imported from.
  const uses = [...parsed].flatMap(([f, { sf, uses }]) => uses.map((use) => ({ f, sf, use })));
  const counted = await Promise.all(uses.map(({ use }) => (use.object ? urlBearing(use.object) : true)));
  uses.forEach(({ f, sf, use }, i) => counted[i] && diagnostics.report('custom_network_use', fileOf(f), { what: use.what }, [], at(sf, use)));

  // A file's imports and sends, read once: shared helpers are reached from every rule (their
  // walk per rule made the proof grow with rules times helpers).
  const scanned = new Map<string, { imports: string[]; sends: (SendCall & { loc: { line: number; column: number } })[] } | null>();
  const scan = (f: string) => {
    if (!scanned.has(f)) {
      const file = parsed.get(f);
      const imports = file ? importsOf(file.sf) : textual.get(f);
      const sends = file ? file.sends.map((s) => ({ ...s, loc: at(file.sf, s) })) : [];
      scanned.set(f, imports ? { imports: imports.flatMap((spec) => resolveImport(f, spec, files) ?? []), sends } : null);
    }
    return scanned.get(f)!;
  };

  // Sends: each rule module and the custom modules it imports, against that rule's actions.
  for (const r of rules) {
    const use = ruleUse(r);
    const seen = new Set<string>();
    const queue = [resolve(r.abs)];
    while (queue.length) {
      const f = queue.shift()!;
      if (seen.has(f) || !custom(f)) continue;
      seen.add(f);
      const found = scan(f);
      if (!found) continue;
      queue.push(...found.imports);
      for (const s of found.sends) {
        const loc = { ...s.loc };
        if (s.category === undefined || !CATEGORIES.includes(s.category as SendCategory)) {
          diagnostics.report('send_category_unknown', fileOf(f), { rule: use.name }, [], loc);
        } else if (s.actionSends !== undefined ? s.actionSends !== s.category : !use.categories.has(s.category)) {
          diagnostics.report('send_category_mismatch', fileOf(f), { rule: use.name, category: s.category, sends: s.actionSends ?? ([...use.categories].join(', ') || 'nothing') }, [], loc);
        }
        const host = literalHost(s.url);
        if (host && !hostDeclared(host, use.hosts)) diagnostics.report('send_host_undeclared', fileOf(f), { rule: use.name, host }, [], loc);
      }
    }
  }
  return [...files];
}
