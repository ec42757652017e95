import { build } from './commands/build';
import { check } from './commands/check';
import { loadTypeScript } from '../load-typescript';
import { loadSimulationPackages } from '../simulate/packages.mjs';

// Commands are loaded on demand so that `tagc build` does not pay for happy-dom or Chromium.
// Those that simulate in this process load happy-dom before tsx (simulate/packages.mjs says why).
const SIMULATING = new Set(['simulate', 'serve']);

const USAGE = `tagc: rules-as-code tag manager

  tagc init <dir>                  write a minimal new container (tagc init --help)
  tagc new event "<Name>"         add an event: its schema, event-number row and catalogue rule (tagc new --help)
  tagc build [--env <env>]...      compile and type-check, then write build/<env> bundles, graphs and manifest (tagc build --help)
  tagc check                       compile without emitting and type-check the project: every diagnostic in one run
  tagc simulate [options]          run a built bundle in happy-dom and print JSON (tagc simulate --help)
  tagc diff --base <ref|dir>       what a change does to every environment: structure and scenarios, as PR markdown or JSON (tagc diff --help)
  tagc serve [--port <n>] [--scenarios <dir>] [--diff <report.json>]
                                   serve build/ (bundles, demo page, viewer and its Preview: POST /api/preview,
                                   offering the scenarios of tests/scenarios or <dir>) on 127.0.0.1; --diff serves a
                                   tagc diff --format json report as /diff.json for the viewer's Compare
  tagc bench [--rounds <n>]        tagc side by side with the Adobe stack in Chromium, every goal with its figure (tagc bench --help)
  tagc import launch <lib> [--out <dir>]
                                   turn a published Adobe Launch library into tagc modules and a report
  tagc publish --to <target>       upload the build to s3://<bucket>/<prefix> or a folder; point dev at it
  tagc promote <env> --build <id>  point an environment at a published build (no rebuild)
  tagc rollback <env> [--to <id>]  point an environment back at its previous (or a named) release
  tagc releases [<env>]            each environment's release history
  tagc prune [--keep <n>]          remove published builds no environment ran among its last <n> releases
  tagc snippet <env> [--build <id>]  the pinned (SRI) and stable-URL embed code
  tagc csp <env>                   the Content-Security-Policy (nonce and host allow-list forms) from the host inventory

  Publishing commands take --to, --endpoint, --region, --dry-run; tagc <command> --help for more.
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    // build and check import the container's TypeScript only if its bundled load fails (1-load).
    // Help prints text only: it needs neither the container's TypeScript nor happy-dom.
    const help = rest.includes('--help') || rest.includes('-h');
    if (command !== 'build' && command !== 'check' && !help) {
      if (SIMULATING.has(command)) await loadSimulationPackages();
      await loadTypeScript();
    }
    switch (command) {
      case 'init':
        return await (await import('./commands/init')).initCommand(rest);
      case 'new':
        return await (await import('./commands/new')).newCommand(rest);
      case 'build':
        return await build(rest);
      case 'check':
        return await check(rest);
      case 'simulate':
        return await (await import('./commands/simulate')).simulateCommand(rest);
      case 'diff':
        return await (await import('./commands/diff')).diffCommand(rest);
      case 'serve':
        return await (await import('./commands/serve')).serve(rest);
      case 'bench':
        return await (await import('./commands/bench')).bench(rest);
      case 'import':
        return await (await import('./commands/import')).importCommand(rest);
      case 'publish':
        return await (await import('./commands/publish')).publishCommand(rest);
      case 'promote':
        return await (await import('./commands/promote')).promoteCommand(rest);
      case 'rollback':
        return await (await import('./commands/promote')).rollbackCommand(rest);
      case 'releases':
        return await (await import('./commands/releases')).releasesCommand(rest);
      case 'prune':
        return await (await import('./commands/prune')).pruneCommand(rest);
      case 'snippet':
        return await (await import('./commands/snippet')).snippetCommand(rest);
      case 'csp':
        return await (await import('./commands/csp')).cspCommand(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE);
        return command ? 0 : 1;
      default:
        process.stderr.write(`tagc: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    process.stderr.write(`tagc ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
