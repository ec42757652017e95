import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../compiler/simulate';
import { REPO, removeContainer } from '../helpers/container';
import { tagcProcess } from '../helpers/bin';
import { tagcInProcess } from '../helpers/cli';

// `tagc new event` on a copy of this container: the schema, the event-number row and the
// catalogue rule are written the container's way, the copy builds, and the new rule sends the
// row's event number when the page pushes the event.

const ROOT = join(REPO, '.tagc-tmp', `new-event-${process.pid}`);
// The new event and the build as a shell runs them (the real bin, a process of their own); the
// refusals through main() in this process (tests/helpers/cli.ts).
const run = (args: string[]) => tagcProcess(args, ROOT);
const inProcess = (args: string[]) => tagcInProcess(args, ROOT);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

let added: ReturnType<typeof run>;
beforeAll(() => {
  removeContainer(ROOT);
  mkdirSync(ROOT, { recursive: true });
  for (const dir of ['rules', 'schemas', 'data-elements']) cpSync(join(REPO, dir), join(ROOT, dir), { recursive: true });
  symlinkSync(join(REPO, 'runtime'), join(ROOT, 'runtime'), 'dir');
  symlinkSync(join(REPO, 'node_modules'), join(ROOT, 'node_modules'), 'dir');
  added = run(['new', 'event', 'Quote Requested', '--number', 'event140', '--description', 'A quote was requested.']);
});
afterAll(() => removeContainer(ROOT));

describe('tagc new event', () => {
  it('writes the schema the way the other schemas are written', () => {
    expect(added.status, added.stderr).toBe(0);
    const schema = read('schemas/quote-requested.ts');
    expect(schema).toContain(`import { eventSchema } from '../runtime/declare';`);
    expect(schema).toContain(`import { payload } from './lib/fields';`);
    expect(schema).toContain(`schema: payload('Quote Requested', {}, [], {}),`);
  });

  it('adds the event-number row at the end of the table and the catalogue rule reading it', () => {
    const table = read('rules/lib/event-numbers.ts');
    expect(table).toContain(`  mapped('Quote Requested', ['event140'], {}, { description: 'A quote was requested.' }),\n] as const satisfies readonly EventRow[];`);
    expect(read('rules/events/analytics-quote-requested.ts')).toContain(`catalogueRule('Quote Requested')`);
  });

  it('leaves a container that builds, with the new rule that sends the row\'s event number', async () => {
    const build = run(['build', '--env', 'prod']);
    expect(build.status, build.stderr).toBe(0);
    const manifest = JSON.parse(read('build/manifest.json'));
    const graph = JSON.parse(read(join('build', manifest.environments.prod.graph)));
    expect(graph.rules.map((r: { id: string }) => r.id)).toContain('analytics-quote-requested');
    // The build runs as a shell runs it; its page is simulated in this process (tests/foundation/init.test.ts runs `tagc simulate` as a process).
    const sim = await simulate({ env: 'prod', buildDir: join(ROOT, 'build'), consent: 'all', after: [{ event: 'Quote Requested' }] });
    const urls = sim.requests.map((r) => r.url);
    expect(urls.filter((u) => u.includes('events=event140'))).toHaveLength(1);
  });

  it('refuses an event the container already declares, writing nothing', async () => {
    const before = read('rules/lib/event-numbers.ts');
    const again = await inProcess(['new', 'event', 'CTA Clicked']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('schemas/cta-clicked.ts already declares "CTA Clicked"');
    expect(read('rules/lib/event-numbers.ts')).toBe(before);
  });

  it('refuses an event number the table already sends', async () => {
    const again = await inProcess(['new', 'event', 'Quote Sent', '--number', 'event61']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already sends event61');
  });
});
