import type { BenchFigures } from './index';
import type { StackFigures } from './stacks';
import type { Spread } from './stats';
import { phaseKey, SCALE_PHASES } from './compiler-scale';

// docs/benchmarks.md from one run's figures: goals first, then each group with its method.

const n0 = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–');
const fix = (v: number, d: number) => (Number.isFinite(v) ? v.toFixed(d) : '–');
const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? '**met**' : '**not met**');

const ROWS: { key: keyof StackFigures; label: string; unit: 'ms' | 'KB' | 'hits' | 'loads' }[] = [
  { key: 'coldStartMs', label: 'cold start-up: script start -> first Page Load Started rule', unit: 'ms' },
  { key: 'coldScriptMs', label: 'cold start-up: script start -> script done', unit: 'ms' },
  { key: 'warmStartMs', label: 'warm reload: script start -> first Page Load Started rule', unit: 'ms' },
  { key: 'warmScriptMs', label: 'warm reload: script start -> script done', unit: 'ms' },
  { key: 'longestTaskMs', label: 'longest script task, cold load, 4x CPU throttling', unit: 'ms' },
  { key: 'longestTaskScriptMs', label: '… of which its longest script (the inlined library: compile and run)', unit: 'ms' },
  { key: 'longestTaskCompileMs', label: '… of which that script\'s compile', unit: 'ms' },
  { key: 'libraryCompileMs', label: 'the inlined library\'s compile in that load, whichever task is longest', unit: 'ms' },
  { key: 'srcLongestTaskMs', label: 'longest script task, cold load, 4x, library by URL (as the embed snippet)', unit: 'ms' },
  { key: 'longestTaskCpuMs', label: 'longest script task, cold load, 4x, by main-thread CPU time (inlined)', unit: 'ms' },
  { key: 'srcLongestTaskCpuMs', label: '… the same, library by URL', unit: 'ms' },
  { key: 'ctaMs', label: 'CTA Clicked -> link hit', unit: 'ms' },
  { key: 'plcMs', label: 'Page Load Completed -> page view', unit: 'ms' },
  { key: 'burstMs', label: '100 CTA Clicked pushes, main-thread time', unit: 'ms' },
  { key: 'burstCpuMs', label: '… the same pushes, main-thread CPU time', unit: 'ms' },
  { key: 'heapBytes', label: 'JS heap over an empty page', unit: 'KB' },
  { key: 'burstHits', label: 'link hits sent for the 100 pushes (check)', unit: 'hits' },
  { key: 'startupHits', label: 'analytics hits sent by the start-up (check)', unit: 'hits' },
  { key: 'unthrottledLoads', label: '4x loads that ran unthrottled, refused and measured again, a round (check)', unit: 'loads' },
];

function cell(s: Spread, unit: string): string {
  const scale = unit === 'KB' ? 1 / 1024 : 1;
  const d = unit === 'ms' ? (s.median < 10 ? 3 : 1) : 0;
  return `${fix(s.median * scale, d)} ${unit} (${fix(s.q1 * scale, d)}-${fix(s.q3 * scale, d)})`;
}

export const PEER_TEXT = `The peer is the Adobe stack as far as npm has it: **Turbine 28.1.0** (\`@adobe/reactor-turbine\`,
the engine of every Launch library) bundled by esbuild and compressed by swc as tagc's prod bundle
is, with a **Launch container generated from
the prod build's graph.json** (compiler/bench/peer-container.ts; never from the container's source):

- one Launch rule per tagc prod rule, in the same firing order (\`ruleOrder\` = tagc's order), with
  the same events (a data-layer event module for \`appEventData\` pushes, Core-style library
  loaded, DOM ready, window loaded, direct call, timers, scroll, clicks, promotion views);
- the same number of conditions, as Core custom code (path, host, data-element comparisons,
  consent read from the consent cookie, \`not()\` as a negated condition);
- one custom code action per tagc action doing comparable work: variables read through
  \`_satellite.getVar\` and analytics hits through an AppMeasurement stand-in (\`s.t\` / \`s.tl\`:
  the same query, image request and tracking server), scripts and pixels inserted as tagc does;
- every data element of the build as a Launch data element (data-layer path, cookie, query
  parameter, storage, constant, custom code), with storage duration, default, cleaning and case;
- rule component sequencing on, each action awaited up to its timeout: tagc's own guarantee.

AppMeasurement.js and VisitorAPI.js are not published on npm (Adobe serves them from its own
CDN), so they are left out: the peer carries neither, makes no identity call, and its analytics
work is the stand-in's few lines. The comparison therefore favours the peer: tagc's bundle holds
its own analytics and identity clients, the peer's does not, in bytes, start-up and dispatch.

Both stacks run in the same Chromium, on the same page (compiler/bench/bench-page.ts): the visitor
has accepted every consent category (the consent cookie is in the browser's jar before the page
loads, as a returning visitor's is), Page Load Started is queued before the library, the library
is inlined (start-up is parse, compile and run), analytics hits are recorded at the moment they
are handed to the browser (image \`src\`, \`sendBeacon\`, \`fetch\`). Each round measures both stacks
back to back in fresh browser contexts, alternating which goes first; the ratio is tagc / peer in
the same round, summarised by its median and interquartile range. Timings use performance.now()
under cross-origin isolation (5 µs); main-thread time and heap come from CDP, long tasks from a
Chromium trace. A 4x load counts only if it ran at 4x from its first script to its end
(compiler/bench/throttle-check.ts: the page's first script and a calibration loop, in main-thread
CPU time, each at least 2x its own 1x run); CDP's throttle is set per renderer and is at times
applied after the page's first script, so a load that was not is measured again.`;

function stacksSection(f: BenchFigures, lines: string[]): void {
  lines.push('## tagc and the Adobe stack, side by side (Chromium)', '');
  if (!f.stacks) {
    lines.push('Not run (`--only`).', '');
    return;
  }
  if ('error' in f.stacks) {
    lines.push(`Not measured: ${f.stacks.error}`, '');
    return;
  }
  const s = f.stacks;
  lines.push(
    `${s.rounds} rounds in ${s.chromium}. Medians with their interquartile range; the ratio is per round.`,
    '',
    '| figure | tagc | Turbine peer | tagc / peer |',
    '| --- | ---: | ---: | ---: |',
    ...ROWS.map(({ key, label, unit }) => {
      const p = s.figures[key];
      const r = p.ratio.n ? `${fix(p.ratio.median, 2)}x (${fix(p.ratio.q1, 2)}-${fix(p.ratio.q3, 2)}; ${fix(p.ratio.min, 2)}-${fix(p.ratio.max, 2)})` : '–';
      return `| ${label} | ${cell(p.tagc, unit)} | ${cell(p.peer, unit)} | ${r} |`;
    }),
    '',
    `Peer bundle: ${n0(s.peer.bytes)} B, **${n0(s.peer.gzipBytes)} B gzip -9**, ${s.peer.rules} rules, ${s.peer.dataElements} data elements.`,
    '',
    '### The peer, and why the comparison is fair',
    '',
    PEER_TEXT,
    '',
  );
}

function scaleSection(g: Record<string, number>, lines: string[]): void {
  const row = (label: string, key: string) => `| ${label} | ${n0(g[`${key}BuildMs`])} | ${n0(g[`${key}CpuMs`])} | ${n0(g[`${key}PeakMB`])} | ${n0(g[`${key}NodePeakMB`])} |`;
  lines.push(
    '## Compiler at scale',
    '',
    '`tagc build` (all five environments) as a process, as a developer runs it, on a copy of the project (compiler/bench/compiler-scale.ts): the container\'s first build with nothing kept from an earlier one (cold: no kept module work, no tsc build info), the fastest of 3 rebuilds (the goal\'s figure), a rebuild after one rule module is edited; then copies with synthetic rule modules added, each built once, cold. CPU is node, esbuild and TypeScript together; peak memory is the process tree sampled every 20 ms.',
    '',
    '| build | wall ms | CPU ms | peak MB (tree) | peak MB (node) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...(g.containerColdBuildMs === undefined ? [] : [row('container, first build (cold)', 'containerCold')]),
    row('container', 'container'),
    ...(g.containerEditBuildMs === undefined ? [] : [row('container, one rule edited', 'containerEdit')]),
    row('+ 1,000 rules', 'synthetic1000'),
    row('+ 2,000 rules', 'synthetic2000'),
    row('+ 5,000 rules', 'synthetic5000'),
    '',
    `Per added rule: ${fix(g.msPerRule1000to2000, 2)} ms (1,000 -> 2,000), ${fix(g.msPerRule2000to5000, 2)} ms (2,000 -> 5,000).`,
    '',
    ...scaleBreakdown(g),
  );
}

/** Where a build's CPU, memory and time go, by program and by phase (compiler-scale.ts). */
function scaleBreakdown(g: Record<string, number>): string[] {
  const sizes: [string, string][] = [
    ['container', 'container'],
    ['+ 1,000 rules', 'synthetic1000'],
    ['+ 2,000 rules', 'synthetic2000'],
    ['+ 5,000 rules', 'synthetic5000'],
  ];
  if (g.synthetic5000NodeCpuMs === undefined) return [];
  const phases = SCALE_PHASES.filter((p) => sizes.some(([, key]) => g[`${key}Phase${phaseKey(p)}Ms`] !== undefined));
  return [
    "By program: CPU of node (the compiler; of which its main thread, the rest being its thread pool's swc, hashing and gzip and V8's GC threads), of esbuild's service and of TypeScript (typecheck and network proof), and esbuild's peak; then the phase timings the build prints (they overlap: the network proof, typecheck and bundles run side by side).",
    '',
    '| build | CPU node | of which main thread | CPU esbuild | CPU TypeScript | peak MB (esbuild) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...sizes.map(([label, key]) => `| ${label} | ${n0(g[`${key}NodeCpuMs`])} | ${n0(g[`${key}NodeMainCpuMs`])} | ${n0(g[`${key}EsbuildCpuMs`])} | ${n0(g[`${key}TypeScriptCpuMs`])} | ${n0(g[`${key}EsbuildPeakMB`])} |`),
    '',
    `| phase (ms) | ${sizes.map(([label]) => label).join(' | ')} |`,
    `| --- |${sizes.map(() => ' ---: |').join('')}`,
    ...phases.map((p) => `| ${p} | ${sizes.map(([, key]) => n0(g[`${key}Phase${phaseKey(p)}Ms`])).join(' | ')} |`),
    '',
  ];
}

function profileSection(g: Record<string, number>, lines: string[]): void {
  lines.push(
    "## Where tagc's start-up goes (CPU profile)",
    '',
    `Cold loads of the prod bundle, V8 sampling profiler at 50 µs, self time by source file through the source map (compiler/bench/profile.ts); names in parentheses are outside the bundle ("(program)" is the browser's own work: parsing, compiling, layout). ${fix(g['busy ms per load (profiled)'], 0)} ms busy per load while profiled.`,
    '',
    '| source | share of busy time |',
    '| --- | ---: |',
    ...Object.entries(g)
      .filter(([k]) => k.startsWith('% '))
      .map(([k, v]) => `| ${k.slice(2)} | ${fix(v, 1)} % |`),
    '',
  );
}

function sizeSection(g: Record<string, number>, lines: string[]): void {
  const total = g['bundle bytes']!;
  lines.push(
    "## Where the prod bundle's bytes are",
    '',
    `Each byte of the minified prod bundle (${n0(total)} B, ${n0(g['bundle gzip bytes']!)} B gzip -9) given to the source its source-map segment points at (compiler/bench/size.ts). "gzip without it" is how much smaller the gzip -9 bundle is without that source's bytes; gzip is not additive, so that column sums to less than the whole.`,
    '',
    ...(g['bundle published bytes'] === undefined
      ? []
      : [
          'As published: `tagc publish` stores the bundle gzip-encoded by zopfli (compiler/publish/gzip-pool.ts, the same function here), which every browser decodes; the peer is compressed the same way, so both stacks are compared with one encoder.',
          '',
          '| bundle | bytes | gzip -9 | as published (zopfli) |',
          '| --- | ---: | ---: | ---: |',
          `| tagc prod | ${n0(total)} | ${n0(g['bundle gzip bytes']!)} | ${n0(g['bundle published bytes'])} |`,
          `| Turbine peer | ${n0(g['peer bytes']!)} | ${n0(g['peer gzip bytes']!)} | ${n0(g['peer published bytes']!)} |`,
          `| tagc / peer | ${fix(total / g['peer bytes']!, 2)}x | ${fix(g['bundle gzip bytes']! / g['peer gzip bytes']!, 2)}x | ${fix(g['bundle published bytes'] / g['peer published bytes']!, 2)}x |`,
          '',
        ]),
    '| source | bytes | share | gzip without it |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(g)
      .filter(([k]) => k.startsWith('raw '))
      .map(([k, v]) => `| ${k.slice(4)} | ${n0(v)} | ${fix((v / total) * 100, 1)} % | ${n0(g[`gzip ${k.slice(4)}`] ?? 0)} |`),
    '',
  );
}

function testsSection(g: Record<string, number>, lines: string[]): void {
  const cpu = Object.entries(g).filter(([k]) => k.startsWith('cpu s tests/'));
  lines.push(
    '## tests',
    '',
    `\`npm test\` as a developer runs it (tsc beside vitest, compiler/bench/tests.ts): **${fix(g.durationS, 1)} s** (vitest ${fix(g.vitestS, 1)} s, tsc ${fix(g.tscS, 1)} s), ${n0(g.passed)} of ${n0(g.tests)} tests passed, ${n0(g.failed)} failed.`,
    '',
    `CPU time of each test file in its worker, from before its imports to its end (tests/setup/file-cpu.ts): ${fix(g['cpu s (test files)'], 1)} s over ${n0(g['files with cpu'])} files. Node's own time only: child processes (esbuild, tsc and TypeScript's API, Chromium, \`npm pack\`) and the global setup's builds are not in it.`,
    '',
    '| folder or file | CPU s |',
    '| --- | ---: |',
    ...cpu.filter(([k]) => k.endsWith('/')).map(([k, v]) => `| ${k.slice(6)} | ${fix(v, 1)} |`),
    ...cpu.filter(([k]) => !k.endsWith('/')).map(([k, v]) => `| ${k.slice(6)} | ${fix(v, 1)} |`),
    '',
  );
  if (!('cpu s (processes of test files)' in g)) return;
  const children = Object.entries(g).filter(([k]) => k.startsWith('child cpu s tests/'));
  lines.push(
    `The rest of the run's CPU: ${fix(g['cpu s (processes of test files)'], 1)} s in the processes the files started, ${fix(g['cpu s (chromium)'] ?? 0, 1)} s in the shared Chromium (which no \`time\` of the run counts: its renderers are reaped by init) and ${fix(g['cpu s (vitest main process)'] ?? 0, 1)} s in vitest's main process (the global setup's builds, transforms, reporting).`,
    '',
    '| file | CPU s of its processes |',
    '| --- | ---: |',
    ...children.map(([k, v]) => `| ${k.slice(12)} | ${fix(v, 1)} |`),
    '',
  );
}

export function benchMarkdown(f: BenchFigures): string {
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${f.date.slice(0, 10)} (${f.date}): ${f.machine.cpus} cores, Node ${f.machine.node}, load average ${f.machine.loadBefore.map((v) => v.toFixed(1)).join(' / ')} before and ${f.machine.loadAfter.map((v) => v.toFixed(1)).join(' / ')} after (1 / 5 / 15 min). The machine is shared: absolute timings move with its load, paired ratios much less; sizes are exact.`,
    '',
    '## Goals (issue 13)',
    '',
    '| goal | figure | verdict |',
    '| --- | --- | --- |',
    ...f.goals.map((g) => `| ${g.goal} | ${g.figure} | ${verdict(g.met)} |`),
    '',
  ];
  stacksSection(f, lines);
  lines.push(
    '## Bundles',
    '',
    '| env | bytes | gzip -9 bytes | rules | data elements |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...f.sizes.map((s) => `| ${s.env} | ${n0(s.bytes)} | ${n0(s.gzipBytes)} | ${s.rules} | ${s.dataElements} |`),
    '',
    '## Compile (in-process)',
    '',
    `Whole container, all five environments, \`compile()\` in the bench's process: **${n0(f.compileMs)} ms** (median of 3).`,
    '',
    '| phase | ms |',
    '| --- | ---: |',
    ...Object.entries(f.phasesMs).map(([k, v]) => `| ${k} | ${fix(v, 1)} |`),
    '',
  );
  for (const [name, figures] of Object.entries(f.extra)) {
    if ('error' in figures) {
      lines.push(`## ${name}`, '', `Not measured: ${String(figures.error)}`, '');
    } else if (name === 'compiler-scale') scaleSection(figures, lines);
    else if (name === 'profile') profileSection(figures, lines);
    else if (name === 'size') sizeSection(figures, lines);
    else if (name === 'tests' && 'cpu s (test files)' in figures) testsSection(figures, lines);
    else {
      lines.push(`## ${name}`, '');
      for (const [k, v] of Object.entries(figures)) lines.push(`- ${k}: ${fix(v, 3)}`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}`;
}
