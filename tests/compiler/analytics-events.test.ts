import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDiagnostics } from '../helpers/diagnostics';
import { DECLARE, REPO } from '../helpers/container';

// Two data-layer events whose analytics actions send the same event number are an error located
// at the second, unless every sender declares the number shared on purpose.

const TRACK = JSON.stringify(join(REPO, 'runtime', 'actions', 'analytics-event.ts'));
const schema = (event: string) => `import { eventSchema } from ${JSON.stringify(DECLARE)};
export default eventSchema({ event: ${JSON.stringify(event)}, description: 'x', schema: { type: 'object', properties: { event: { const: ${JSON.stringify(event)} } } } });
`;
const SCHEMAS = { 'schemas/fund-additions.ts': schema('Fund Additions'), 'schemas/watchlist-added.ts': schema('Watchlist Added'), 'schemas/tool-step.ts': schema('Tool Step') };

/** A rule sending a link hit with `events` on `on` (data-layer events); `extra` adds options. */
const sender = (id: string, on: string[], events: string[], extra = '') => `import { rule } from ${JSON.stringify(DECLARE)};
import { trackEvent } from ${TRACK};
export default rule({ id: '${id}', description: 'x', events: ${JSON.stringify(on)}, consent: 'analytics',
  actions: [trackEvent({ settings: { trackingServer: 'metrics.firm.example', reportSuite: 'rs', identity: null }, linkName: '${id}', events: ${JSON.stringify(events)}${extra} })] });
`;

const diagnosticsOf = compileDiagnostics('event-numbers');
const duplicates = async (files: Record<string, string>) => (await diagnosticsOf({ ...SCHEMAS, ...files })).filter((d) => d.code === 'duplicate_analytics_event');

describe('the duplicate analytics event-number check', () => {
  it('rejects a new event on a number another event sends, located at the second sender', async () => {
    const d = await duplicates({
      'rules/a-fund-additions.ts': sender('fund-additions', ['Fund Additions'], ['event54', 'scAdd']),
      'rules/b-watchlist.ts': sender('watchlist-added', ['Watchlist Added'], ['event61', 'event54=2']),
    });
    expect(d).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'rules/b-watchlist.ts',
        path: ['actions', 0, 'params', 'events', 1],
        message: 'event54 is sent on "Watchlist Added" here and already on "Fund Additions" by rule "fund-additions" (rules/a-fund-additions.ts): reports could not tell them apart',
      }),
    ]);
  });

  it('accepts a number every sender declares shared, and rejects it when only one does', async () => {
    const both = await duplicates({
      'rules/a.ts': sender('a', ['Fund Additions'], ['event9'], ", sharedEvents: ['event9']"),
      'rules/b.ts': sender('b', ['Tool Step'], ['event9'], ", sharedEvents: ['event9']"),
    });
    expect(both).toEqual([]);
    const one = await duplicates({
      'rules/a.ts': sender('a', ['Fund Additions'], ['event9'], ", sharedEvents: ['event9']"),
      'rules/b.ts': sender('b', ['Tool Step'], ['event9']),
    });
    expect(one.map((x) => x.file)).toEqual(['rules/b.ts']);
  });

  it('sees the numbers custom code declares in its params', async () => {
    const d = await duplicates({
      'rules/a.ts': sender('a', ['Fund Additions'], ['event105']),
      'rules/b.ts': `import { rule } from ${JSON.stringify(DECLARE)};
export default rule({ id: 'b', description: 'x', events: ['Tool Step'], consent: 'analytics',
  actions: [{ kind: 'custom', params: { label: 'seconds played', events: ['event105'] }, sends: 'analytics', run: () => undefined } as never] });
`,
    });
    expect(d).toEqual([expect.objectContaining({ file: 'rules/b.ts', message: expect.stringContaining('event105 is sent on "Tool Step"') })]);
  });

  it('lets one rule send a number for several events, two rules send it for the same event, and commerce events repeat', async () => {
    const d = await duplicates({
      'rules/a.ts': sender('a', ['Fund Additions', 'Watchlist Added'], ['event54', 'scAdd']),
      'rules/b.ts': sender('b', ['Watchlist Added'], ['event54']),
      'rules/c.ts': sender('c', ['Tool Step'], ['scAdd']),
    });
    expect(d).toEqual([]);
  });
});

describe('the container', () => {
  it('shares only event9 (process steps) and event105 (seconds played), and says so in its table', async () => {
    const { EVENT_ROWS } = await import('../../rules/lib/event-numbers');
    const shared = EVENT_ROWS.filter((r) => 'shared' in r && r.shared).map((r) => `${r.trigger}: ${r.events.join(',')}`);
    expect(shared).toEqual(['Login Step: event9', 'Self Service Started · step: event9', 'Multi-Media Play Time: event105', 'Podcast Play Time: event105']);
  });
});
