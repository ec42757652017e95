import { beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileResult } from '../../../compiler';
import { EVENT_ROWS, eventNumbersTable, eventRow, type EventRow } from '../../../rules/lib/event-numbers';
import { REPO } from '../../helpers/container';

// Every catalogue event (every schema) has its analytics rule, each rule's events come from the
// one table, and the numbers spec §9 gives are the ones sent.

let result: CompileResult;

beforeAll(async () => {
  result = await compile({ root: REPO, emit: false });
}, 120_000);

interface Sent {
  rule: string;
  file: string;
  events: unknown;
  consent: string[];
  conditions: string[];
}

/** Analytics rules on each data-layer event: their link-hit events and their condition kinds. */
function analyticsRulesByEvent(): Map<string, Sent[]> {
  const out = new Map<string, Sent[]>();
  for (const r of result.graph.rules) {
    const analytics = r.actions.filter((a) => a.sends === 'analytics');
    if (!analytics.length) continue;
    for (const e of r.events) {
      if (e.kind !== 'dataLayer') continue;
      const list = out.get(e.key) ?? [];
      list.push({
        rule: r.loaded.value.id,
        file: r.loaded.file,
        events: analytics[0]!.params.events,
        consent: r.conditions.filter((c) => c.kind === 'consentGranted').map((c) => String(c.params.category)),
        conditions: r.conditions.map((c) => c.kind),
      });
      out.set(e.key, list);
    }
  }
  return out;
}

describe('the event catalogue and its analytics rules', () => {
  it('compiles without errors or warnings', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('gives every catalogue event an analytics rule gated on analytics consent (Page Load Started rides on the page view)', () => {
    const rules = analyticsRulesByEvent();
    const events = [...result.graph.schemas.keys()].filter((e) => e !== 'Page Load Started').sort();
    expect(events.length).toBeGreaterThanOrEqual(50);
    const missing = events.filter((e) => !rules.has(e));
    expect(missing).toEqual([]);
    const ours = [...rules].flatMap(([event, list]) => list.filter((r) => r.file.startsWith('rules/events/')).map((r) => ({ event, rule: r.rule, consent: r.consent })));
    // One rule per table row that sends a link hit for a catalogue event (not a behaviour's [trigger]).
    const linkRows = EVENT_ROWS.filter((r: EventRow) => !r.trigger.startsWith('[') && r.hit !== 'none' && r.hit !== 'page view');
    expect(ours).toHaveLength(linkRows.length);
    for (const r of ours) expect(r).toEqual({ ...r, consent: ['analytics'] });
  });

  it('has one table row per catalogue event or behaviour trigger, no duplicates', () => {
    const triggers = EVENT_ROWS.map((r) => r.trigger);
    expect(new Set(triggers).size).toBe(triggers.length);
    for (const event of result.graph.schemas.keys()) expect(triggers.some((t) => t === event || t.startsWith(`${event} · `))).toBe(true);
  });

  it('sends the event numbers spec §9 gives', () => {
    const spec: Record<string, string> = {
      'Login Started': 'event2',
      'Login Complete': 'event3',
      'Login Failure': 'event4',
      'Self Service Started · tool': 'event6',
      'Self Service Completed · tool': 'event7',
      'Self Service Started · step': 'event9',
      'Login Step': 'event9',
      'Self Service Started · self-service': 'event10',
      'Self Service Completed · self-service': 'event11',
      'Content Downloads': 'event12',
      'Article Click': 'event14',
      'Newsletter SignUp Completed': 'event25',
      'Multi-Media Reached 75%': 'event29',
      'CTA Clicked': 'event61',
      Abandonment: 'event65',
      'Error Message Presented': 'event66',
      Hover: 'event67',
      Logout: 'event69',
      'Poll Vote': 'event104',
      'Multi-Media Play Time': 'event105',
      'Multi-Media Chapter Click': 'event106',
    };
    for (const [trigger, event] of Object.entries(spec)) {
      const row = EVENT_ROWS.find((r) => r.trigger === trigger)!;
      expect({ trigger, events: row.events, source: row.source }).toEqual({ trigger, events: [event], source: 'spec §9' });
    }
    expect(eventRow('Multi-Media Play Time').value).toBe('multiMediaPlaytime');
  });

  it('maps every other number spec §9 lists exactly once', () => {
    const others = [5, 8, 18, 26, 27, 28, 30, 34, 52, 54, 58, 103, 130].map((n) => `event${n}`);
    const mapped = EVENT_ROWS.filter((r) => r.source === 'mapped here').flatMap((r) => r.events.filter((e) => e.startsWith('event')));
    expect([...mapped].sort()).toEqual([...others].sort());
  });

  it('builds each rule\'s events from its table row', () => {
    const rules = analyticsRulesByEvent();
    const cta = rules.get('CTA Clicked')!;
    expect(cta.map((r) => r.events)).toEqual([['event61']]);
    const selfService = rules.get('Self Service Started')!.map((r) => [r.rule, r.events, r.conditions.at(-1)]);
    expect(selfService).toEqual([
      ['analytics-process-step', ['event9'], 'anyOf'],
      ['analytics-self-service-started', ['event10'], 'processStage'],
      ['analytics-tool-started', ['event6'], 'processStage'],
    ]);
  });

  it('shows the table in the viewer (graph tables)', () => {
    const table = result.graph.load.tables.find((t) => t.value.name === eventNumbersTable.name)!;
    expect(table.file).toBe('rules/lib/event-numbers.ts');
    expect(table.value.rows.find((r) => r.trigger === 'CTA Clicked')).toMatchObject({ events: 'event61', hit: 'link', source: 'spec §9' });
    expect(table.value.rows.find((r) => r.trigger === 'Podcast Play Time')).toMatchObject({ events: 'event105=«multiMediaPlaytime»' });
    // A row carries its link type; the viewer writes the hit in words.
    expect(table.value.rows.find((r) => r.trigger === 'Content Downloads')).toMatchObject({ hit: 'download link' });
    expect(table.value.rows.find((r) => r.trigger === '[exit link click]')).toMatchObject({ hit: 'exit link' });
    expect(table.value.rows.find((r) => r.trigger === 'Page Load Completed')).toMatchObject({ hit: 'page view' });
    expect(result.graph.load.tables.filter((t) => t.value.name === eventNumbersTable.name)).toHaveLength(1);
  });
});
