// The files of a new, minimal container (`tagc init`): what a team starting from nothing needs to
// build, simulate, view and test one rule. Declarations import the authoring API from the `tagc`
// package, as every container outside this repository does.

const API = 'tagc/runtime/declare/index.ts';

export interface InitOptions {
  /** package.json name. */
  name: string;
  /** The domain the bundle may run on (and its subdomains). */
  domain: string;
  /** The tagc version range the container depends on. */
  tagcVersion: string;
}

const siteConfig = (o: InitOptions) => `// The site configuration: the hosts and ids the rules use. The bundle runs only on allowedDomains
// (and their subdomains); \`tagc simulate\` opens https://<hosts.entry>/ unless given --url.
export const site = {
  hosts: { entry: 'www.${o.domain}', pixel: 'pixel.${o.domain}' },
  allowedDomains: ['${o.domain}', 'localhost'],
};

export default site;
`;

const schema = `import { eventSchema } from '${API}';

// The events page code pushes to window.appEventData; one module per event.
export default eventSchema({
  event: 'Page Load Completed',
  description: 'The page has finished loading.',
  schema: {
    type: 'object',
    properties: {
      event: { const: 'Page Load Completed' },
      page: { type: 'object', properties: { pageName: { type: 'string' } } },
    },
  },
});
`;

const dataElement = `import { dataLayerValue } from '${API}';

// Data elements: named values that rules read with de('<name>').
export const pageName = dataLayerValue<string>('page.pageName', { description: 'page.pageName as pushed with Page Load Completed' });
`;

const rule = `import { de, isTruthy, rule } from '${API}';
import { site } from './site.config';

// A page-view pixel: on Page Load Completed, when the page has a name, one image request carrying it.
export default rule({
  id: 'page-view-pixel',
  description: 'Sends the page name to the pixel host once a named page has loaded.',
  events: ['Page Load Completed'],
  conditions: [isTruthy(de('pageName'))],
  actions: [
    {
      label: 'page-view pixel',
      sends: 'necessary',
      // Custom code reaches the network only through ctx.runtime.send, to the hosts it declares.
      hosts: [site.hosts.pixel],
      run(ctx) {
        void ctx.runtime.send('necessary', \`https://\${site.hosts.pixel}/pv?name=\${encodeURIComponent(String(ctx.value(de('pageName')) ?? ''))}\`, { via: 'image' });
      },
    },
  ],
});
`;

/** The \`tagc simulate\` options of the scenario: a named page loads. */
export const SCENARIO = {
  env: 'prod',
  url: 'https://www.{domain}/',
  push: [{ event: 'Page Load Completed', page: { pageName: 'home' } }],
};

const scenario = (o: InitOptions) => `${JSON.stringify({ ...SCENARIO, url: SCENARIO.url.replace('{domain}', o.domain) }, null, 2)}\n`;

const test = (o: InitOptions) => `import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Builds the container with tagc and runs the scenario in tagc's simulated page.

const ROOT = join(__dirname, '..');
const TAGC = createRequire(join(ROOT, 'package.json')).resolve('tagc/compiler/cli/bin.js');
const tagc = (args: string[]) => spawnSync(process.execPath, [TAGC, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TAGC_ROOT: ROOT } });

/** scenarios/<name>.json holds \`tagc simulate\` options: env, url and the events pushed. */
function simulate(name: string): { fired: { rule: string }[]; requests: { url: string }[] } {
  const s = JSON.parse(readFileSync(join(ROOT, 'scenarios', \`\${name}.json\`), 'utf8')) as { env: string; url: string; push: unknown[] };
  const r = tagc(['simulate', '--env', s.env, '--url', s.url, ...s.push.flatMap((p) => ['--push', JSON.stringify(p)])]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

beforeAll(() => {
  const r = tagc(['build', '--env', 'prod']);
  expect(r.status, r.stderr).toBe(0);
}, 120_000);

describe('the page-view pixel', () => {
  it('fires on a named page and sends its name to the pixel host', () => {
    const result = simulate('page-view');
    expect(result.fired.map((f) => f.rule)).toEqual(['page-view-pixel']);
    expect(result.requests.map((r) => r.url)).toEqual(['https://pixel.${o.domain}/pv?name=home']);
  }, 60_000);
});
`;

const packageJson = (o: InitOptions) =>
  `${JSON.stringify(
    {
      name: o.name,
      version: '0.0.0',
      private: true,
      type: 'module',
      scripts: { build: 'tagc build', check: 'tagc check', simulate: 'tagc simulate', serve: 'tagc serve', test: 'vitest run' },
      dependencies: { tagc: o.tagcVersion },
      devDependencies: { vitest: '4.1' },
    },
    null,
    2,
  )}\n`;

// The project's own test configuration, so that vitest never picks up an enclosing project's.
const vitestConfig = `import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['tests/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } });
`;

const tsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      isolatedModules: true,
      allowImportingTsExtensions: true,
      types: ['node'],
    },
    include: ['rules', 'data-elements', 'schemas', 'tests'],
  },
  null,
  2,
)}\n`;

const readme = (o: InitOptions) => `# ${o.name}

A tagc container: rules in \`rules/\`, data elements in \`data-elements/\`, event schemas in
\`schemas/\`, the site configuration in \`rules/site.config.ts\`.

    npm run build        # build/<env>/container.<hash>.min.js, graph.json, build/manifest.json
    npx tagc simulate --push '{"event":"Page Load Completed","page":{"pageName":"home"}}'
    npx tagc serve       # the demo page and the viewer
    npm test             # builds, then runs scenarios/*.json in the simulated page
`;

/** Every file of the new container, by path relative to its root. */
export function initFiles(o: InitOptions): Record<string, string> {
  return {
    'package.json': packageJson(o),
    'tsconfig.json': tsconfig,
    'vitest.config.ts': vitestConfig,
    'README.md': readme(o),
    '.gitignore': 'node_modules/\nbuild/\n',
    'rules/site.config.ts': siteConfig(o),
    'rules/page-view-pixel.ts': rule,
    'data-elements/page.ts': dataElement,
    'schemas/page-load-completed.ts': schema,
    'scenarios/page-view.json': scenario(o),
    'tests/page-view.test.ts': test(o),
  };
}
