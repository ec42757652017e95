import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { rewriteModule } from '../../../compiler/phases/5-emit/rewrite-module';
import { REPO } from '../../helpers/container';

// A catalogue rule in a bundle (no tooling) makes its hit, the row's look-up included, when the
// hit is first used: a bundle's 53 catalogue rules are made in the task that compiles it
// (rules/events/lib/catalogue-rule.ts). The compiler still loads every hit with the rule. The
// library is bundled as prod bundles it: without its viewer-only text (a rule's description).

interface Made {
  lookups(): number;
  rules: { id: string; actions: { kind: string }[] }[];
}

const lib = (file: string) => JSON.stringify(join(REPO, file));

// Imported first, so that the look-ups of modules evaluated after it are counted.
const COUNTER = `import { EVENT_ROWS } from ${lib('rules/lib/event-numbers.ts')};
let lookups = 0;
const find = EVENT_ROWS.find;
EVENT_ROWS.find = function (...args) { lookups++; return find.apply(this, args); };
export const counted = () => lookups;
`;

/** Bundles `imports` after the counter and runs it; `rules` lists the rules they make. */
async function bundled(imports: string, rules: string): Promise<Made> {
  const result = await build({
    stdin: {
      contents: `import { counted } from 'lookup-counter';
${imports}
globalThis.made = { lookups: counted, rules: ${rules} };
`,
      resolveDir: REPO,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    plugins: [
      {
        name: 'without-viewer-text',
        setup(b) {
          b.onResolve({ filter: /^lookup-counter$/ }, () => ({ path: 'lookup-counter', namespace: 'counter' }));
          b.onLoad({ filter: /.*/, namespace: 'counter' }, () => ({ contents: COUNTER, loader: 'js', resolveDir: REPO }));
          b.onLoad({ filter: /rules[\\/]events[\\/](lib[\\/]catalogue-rule|analytics-time-on-page|click-tracking-links)\.ts$/ }, async (args) => ({ contents: (await rewriteModule(readFileSync(args.path, 'utf8'), args.path, undefined, false)).strip, loader: 'js', resolveDir: join(args.path, '..') }));
        },
      },
    ],
    format: 'iife',
    define: { __TAGC_TOOLING__: 'false' },
    logLevel: 'silent',
  });
  // Run with a globalThis of its own: the bundle's `made` stays out of this worker's global.
  const scope: { made?: Made } = {};
  new Function('globalThis', result.outputFiles[0]!.text)(scope);
  return scope.made!;
}

describe('catalogue rules in a bundle', () => {
  it('look up their row when their hit is first used, once', async () => {
    const made = await bundled(`import { catalogueRule } from ${lib('rules/events/lib/catalogue-rule.ts')};`, `[catalogueRule('CTA Clicked'), catalogueRule('Multi-Media Play Time')]`);
    expect(made.rules.map((r) => r.id)).toEqual(['analytics-cta-clicked', 'analytics-multi-media-play-time']);
    expect(made.lookups()).toBe(0);
    expect(made.rules.map((r) => r.actions[0]!.kind)).toEqual(['analyticsEvent', 'custom']);
    expect(made.lookups()).toBe(2);
    expect(made.rules[0]!.actions[0]!.kind).toBe('analyticsEvent');
    expect(made.lookups()).toBe(2);
  });

  it('so do the time-on-page and click-tracking-links rules, whose hit is not a catalogue rule', async () => {
    const made = await bundled(
      `import timeOnPage from ${lib('rules/events/analytics-time-on-page.ts')};
import clickTrackingLinks from ${lib('rules/events/click-tracking-links.ts')};`,
      '[timeOnPage, clickTrackingLinks]',
    );
    expect(made.rules.map((r) => r.id)).toEqual(['analytics-time-on-page', 'click-tracking-links']);
    expect(made.lookups()).toBe(0);
    expect(made.rules.map((r) => r.actions[0]!.kind)).toEqual(['analyticsEvent', 'custom']);
    expect(made.lookups()).toBe(2);
  });
});
