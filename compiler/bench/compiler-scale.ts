import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `tagc build` as a process, as a developer runs it: the whole container, then a copy of the
// project with 1,000 / 2,000 / 5,000 synthetic rule modules added (real modules using the
// container's own helpers, events and data elements). Wall time and the peak resident memory of
// the process tree (node and esbuild's service), sampled from /proc.

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(REPO, 'compiler', 'cli', 'bin.js');
export const SCALE_SIZES = [1000, 2000, 5000] as const;

const EVENTS = ['CTA Clicked', 'Content Downloads', 'Article Click', 'Search Performed', 'Hover', 'Modal Load', 'Content Share', 'Poll Vote', 'Tool Create PDF', 'Logout'];
const AREAS = ['/advisor', '/individual', '/institutional', '/retirement', '/ria', '/fund-centre'];
const ELEMENTS = ['pageName', 'linkId', 'contentTitle', 'contentType', 'customLinkName', 'searchTerm', 'navigationPath', 'promoName'];

/**
 * One number per data-layer event, above the catalogue's (event900-…): the compiler rejects two
 * events sending one number (duplicate_analytics_event), so synthetic rules must not share.
 */
const syntheticEventNumber = (i: number) => 900 + (i % EVENTS.length);

/** One synthetic rule module (it lives in rules/synthetic/ of the project copy). */
export function syntheticRuleSource(i: number): string {
  const id = `synthetic-${String(i).padStart(5, '0')}`;
  const event = EVENTS[i % EVENTS.length];
  const area = AREAS[i % AREAS.length];
  const evar = `eVar${100 + (i % 150)}`; // eVar22 is the page name on every hit
  const element = ELEMENTS[i % ELEMENTS.length];
  return `import { de, pathStartsWith, rule } from '../../runtime/declare';
import { analyticsConsent } from '../consent/lib/gates';
import { analyticsEvent } from '../lib/analytics';

export default rule({
  id: '${id}',
  description: 'Synthetic rule ${i}: ${evar} on ${event} under ${area}.',
  events: ['${event}'],
  conditions: [analyticsConsent, pathStartsWith('${area}')],
  actions: [analyticsEvent({ linkName: '${id}', events: ['event${syntheticEventNumber(i)}'], vars: { eVar22: de('pageName'), ${evar}: de('${element}') } })],
  order: ${10 + (i % 7) * 10},
});
`;
}

/** A copy of the project (declarations, runtime, package.json) with `count` synthetic rules. */
export function syntheticProject(root: string, count: number, into: string): string {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  for (const dir of ['rules', 'data-elements', 'schemas', 'runtime']) cpSync(join(root, dir), join(into, dir), { recursive: true });
  cpSync(join(root, 'package.json'), join(into, 'package.json'));
  const dir = join(into, 'rules', 'synthetic');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `synthetic-${String(i).padStart(5, '0')}.ts`), syntheticRuleSource(i));
  return into;
}

/** Changes one rule module's text as an edit would (a comment added to the first rule file in path order). */
export function editOneRule(project: string): string {
  const rules = join(project, 'rules');
  const file = (readdirSync(rules, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.split(/[\\/]/).includes('lib') && !f.endsWith('site.config.ts'))
    .sort()[0];
  const path = join(rules, file);
  writeFileSync(path, `${readFileSync(path, 'utf8')}// edited for the bench\n`);
  return path;
}

const TICK_MS = 10; // USER_HZ: /proc reports CPU time in 1/100 s

/** Which program a process of the build is, from its command name in /proc. */
export type Program = 'node' | 'esbuild' | 'typescript';

function programOf(comm: string): Program {
  if (comm.startsWith('esbuild')) return 'esbuild';
  // TypeScript 7's native executable: the typecheck (tsc) and the network proof's API process.
  if (comm.startsWith('tsc') || comm.startsWith('tsgo')) return 'typescript';
  return 'node';
}

/** CPU time (ms) in a /proc stat line: utime and stime, the 12th and 13th fields after the command name. */
function cpuOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * CPU time (ms) so far of a process's main thread (the thread whose id is the process's): for
 * node, the compiler's JavaScript, apart from its thread pool (swc, hashing, gzip) and V8's
 * helper threads (GC). 0 once the process has exited.
 */
export function mainThreadCpuMs(pid: number): number {
  try {
    return cpuOfStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** Per process of a build: its program and its CPU time (ms) so far. */
type CpuSamples = Map<number, { program: Program; ms: number }>;

/**
 * Resident memory (bytes) of a process and its descendants, each one's CPU time so far, and
 * the resident memory of each program's processes in this sample (added to `byProgram`).
 */
function sampleTree(pid: number, cpu: CpuSamples, byProgram: Record<Program, number>): number {
  let rss = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    rss += own;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const program = programOf(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    byProgram[program] += own;
    cpu.set(pid, { program, ms: cpuOfStat(stat) });
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) rss += sampleTree(Number(child), cpu, byProgram);
    }
  } catch {
    // The process ended between two reads.
  }
  return rss;
}

function ownRss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export interface ProcessRun {
  /** Wall time. */
  ms: number;
  /** CPU time of the process tree (node and esbuild), as last sampled (20 ms period). */
  cpuMs: number;
  /** Peak resident memory of the process tree (node and esbuild's service together). */
  peakBytes: number;
  /** Peak of the node process alone (what /usr/bin/time reports for `tagc build`). */
  nodePeakBytes: number;
  /** CPU time (ms) by program: node (the compiler), esbuild's service, TypeScript (typecheck and network proof). */
  cpuByProgram: Record<Program, number>;
  /** Of node's CPU time, its main thread's (mainThreadCpuMs), as last sampled. */
  nodeMainCpuMs: number;
  /** Peak resident memory of esbuild's service. */
  esbuildPeakBytes: number;
  /** The phase timings the build printed (`load`, `validate`, ..., `emit`), ms. */
  phases: Record<string, number>;
}

/** The phase timings `tagc build` prints, one `<phase> <ms> ms` line each. */
export function phaseTimings(output: string): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const m of output.matchAll(/^(\S.*?)\s+(\d+) ms$/gm)) phases[m[1]] = Number(m[2]);
  return phases;
}

/** Runs `tagc build` on `project` into `out`; rejects with its output when it fails. */
export function timedBuild(project: string, out: string): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, 'build', '--out', out], { cwd: REPO, env: { ...process.env, TAGC_ROOT: project }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let peak = 0;
    let nodePeak = 0;
    let esbuildPeak = 0;
    let nodeMain = 0;
    const cpu: CpuSamples = new Map();
    const sample = () => {
      if (!child.pid) return;
      const byProgram: Record<Program, number> = { node: 0, esbuild: 0, typescript: 0 };
      peak = Math.max(peak, sampleTree(child.pid, cpu, byProgram));
      nodePeak = Math.max(nodePeak, ownRss(child.pid));
      esbuildPeak = Math.max(esbuildPeak, byProgram.esbuild);
      nodeMain = Math.max(nodeMain, mainThreadCpuMs(child.pid));
    };
    const timer = setInterval(sample, 20);
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      const ms = performance.now() - t0;
      const cpuByProgram: Record<Program, number> = { node: 0, esbuild: 0, typescript: 0 };
      for (const { program, ms: used } of cpu.values()) cpuByProgram[program] += used;
      const cpuMs = cpuByProgram.node + cpuByProgram.esbuild + cpuByProgram.typescript;
      if (code === 0) resolve({ ms, cpuMs, peakBytes: peak, nodePeakBytes: nodePeak, cpuByProgram, nodeMainCpuMs: nodeMain, esbuildPeakBytes: esbuildPeak, phases: phaseTimings(output) });
      else reject(new Error(`tagc build of ${project} exited ${code}:\n${output.slice(-2000)}`));
    });
  });
}

/** Per added rule (ms): the slope between two sizes. */
export const perRule = (a: { rules: number; ms: number }, b: { rules: number; ms: number }) => (b.ms - a.ms) / (b.rules - a.rules);

const MB = 2 ** 20;

/** Phases of the build's printed timings kept as figures at each size. */
export const SCALE_PHASES = ['load', 'validate', 'graph', 'types', 'plan', 'typecheck', 'network proof', 'bundle test', 'bundle prod', 'emit'] as const;

/** A phase's name in a figure's key: `network proof` -> `NetworkProof`. */
export const phaseKey = (phase: string) => phase.replace(/(?:^|\s)(\w)/g, (_, c: string) => c.toUpperCase());

export async function benchCompilerScale(root: string = REPO): Promise<Record<string, number>> {
  const tmp = join(REPO, '.tagc-tmp', `scale-${process.pid}`);
  try {
    const figures: Record<string, number> = {};
    const record = (name: string, run: ProcessRun) => {
      figures[`${name}BuildMs`] = run.ms;
      figures[`${name}CpuMs`] = run.cpuMs;
      figures[`${name}PeakMB`] = run.peakBytes / MB;
      figures[`${name}NodePeakMB`] = run.nodePeakBytes / MB;
      figures[`${name}EsbuildPeakMB`] = run.esbuildPeakBytes / MB;
      figures[`${name}NodeCpuMs`] = run.cpuByProgram.node;
      figures[`${name}NodeMainCpuMs`] = run.nodeMainCpuMs;
      figures[`${name}EsbuildCpuMs`] = run.cpuByProgram.esbuild;
      figures[`${name}TypeScriptCpuMs`] = run.cpuByProgram.typescript;
      // The phases that show whether a part of the compiler grows faster than the rules.
      for (const phase of SCALE_PHASES) if (run.phases[phase] !== undefined) figures[`${name}Phase${phaseKey(phase)}Ms`] = run.phases[phase];
    };
    // The container, in a copy with nothing kept from an earlier build: its first build (cold:
    // no kept module work, no tsc build info), then the fastest of 3 rebuilds, then a rebuild
    // after one rule module is edited (a developer's edit loop).
    const copy = syntheticProject(root, 0, join(tmp, 'project-container'));
    const out = join(tmp, 'out-container');
    record('containerCold', await timedBuild(copy, out));
    const rebuilds: ProcessRun[] = [];
    for (let i = 0; i < 3; i++) rebuilds.push(await timedBuild(copy, out));
    record('container', rebuilds.reduce((a, b) => (b.ms < a.ms ? b : a)));
    editOneRule(copy);
    record('containerEdit', await timedBuild(copy, out));
    rmSync(copy, { recursive: true, force: true });
    const runs: { rules: number; ms: number }[] = [];
    for (const n of SCALE_SIZES) {
      const project = syntheticProject(root, n, join(tmp, `project-${n}`));
      const out = join(tmp, `out-${n}`);
      const run = await timedBuild(project, out);
      rmSync(project, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
      record(`synthetic${n}`, run);
      runs.push({ rules: n, ms: run.ms });
    }
    figures.msPerRule1000to2000 = perRule(runs[0], runs[1]);
    figures.msPerRule2000to5000 = perRule(runs[1], runs[2]);
    return figures;
  } finally {
    if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  }
}
