import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { syntheticProject } from './compiler/bench/compiler-scale';
const n = Number(process.argv[2] ?? 5000);
for (const repo of process.argv.slice(3)) {
  const project = syntheticProject(process.cwd(), n, `/work/main/.tagc-tmp/probe-${repo.split('/').pop()}`);
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%e s %U user %S sys %M KB', process.execPath, `${repo}/compiler/cli/bin.js`, 'build', '--out', `${project}-out`], { env: { ...process.env, TAGC_ROOT: project }, encoding: 'utf8' });
  console.log(repo, ((performance.now() - t0) / 1000).toFixed(1), 's', r.stderr.trim().split('\n').pop(), (r.stdout.match(/^(load|emit|network proof|typecheck) .*$/gm) ?? []).join(' | '));
  rmSync(project, { recursive: true, force: true }); rmSync(`${project}-out`, { recursive: true, force: true });
}
