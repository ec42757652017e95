import { timedBuild } from './compiler/bench/compiler-scale';
const root = process.argv[2] ?? process.cwd();
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const r = await timedBuild(root, '/tmp/bcpu');
  console.log(root.split('/').pop(), 'wall', r.ms.toFixed(0), 'cpu', JSON.stringify(r.cpuByProgram), 'phases', ['load','validate','typecheck','network proof','bundle prod','emit'].map(p=>`${p}=${r.phases[p]}`).join(' '));
}
