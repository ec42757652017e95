import { describe, expect, it } from 'vitest';
import { simulate, type SimulatedRequest, type SimulateOptions } from '../../../compiler/simulate';
import { site } from '../../../rules/site.config';
import { MULTISTEP_KEY } from '../../../runtime/behaviours/multi-step';
import { realBuild } from '../../helpers/real-build';

// The catalogue's analytics rules through the BUILT bundles (tagc simulate): decoded link hits
// carry the event numbers of rules/lib/event-numbers.ts.

const out = realBuild();

const URL_ = 'https://www.firm.example/advisor/login.html';
const PAGE = [
  { event: 'Page Load Started', page: { pageName: 'advisor > login', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } },
  { event: 'Page Load Completed' },
];

const linkHits = (requests: SimulatedRequest[]) => requests.filter((q) => q.url.includes('/b/ss/') && q.params.pe);

async function run(env: string, after: unknown[], extra: Partial<SimulateOptions> = {}) {
  const r = await simulate({ env, url: URL_, consent: 'all', push: PAGE, after, buildDir: out, ...extra });
  return { r, hits: linkHits(r.requests) };
}

const login = (event: string, step: string) => ({ event, userStatus: { loginMethod: 'password', siteLoginStatus: 'logged out' }, process: { processStepLabel: step } });

describe('catalogue analytics rules in the built bundles', () => {
  it('CTA Clicked sends one link hit with event61, its link name and variables', async () => {
    for (const env of ['dev', 'prod']) {
      const { hits } = await run(env, [{ event: 'CTA Clicked', linkInfo: { linkId: 'cta-open', customLinkName: 'Open an account', linkPosition: 'hero' } }]);
      expect(hits).toHaveLength(1);
      expect(hits[0]!.params).toMatchObject({ pe: 'lnk_o', pev2: 'CTA Clicked', events: 'event61', v11: 'Open an account', v12: 'hero', v18: 'cta-open' });
      expect(hits[0]!.params.v22).toBeTruthy();
    }
  });

  it('login start → duplicate start → step → repeated step → complete sends event2, event9, event3 and clears the process', async () => {
    const { r, hits } = await run('prod', [
      login('Login Started', 'username'),
      login('Login Started', 'username'),
      login('Login Step', 'password'),
      login('Login Step', 'password'),
      login('Login Complete', 'signed in'),
    ]);
    expect(hits.map((h) => [h.params.pev2, h.params.events, h.params.v14])).toEqual([
      ['Login Started', 'event2', 'username'],
      ['Login Step', 'event9', 'password'],
      ['Login Complete', 'event3', 'signed in'],
    ]);
    expect(JSON.parse(r.localStorage[MULTISTEP_KEY]!)).toEqual({ tool: {}, selfservice: {}, login: {} });
  });

  it('sends nothing without analytics consent, and records no process step either', async () => {
    const { r, hits } = await run('prod', [login('Login Started', 'username')], { consent: 'none' });
    expect(hits).toEqual([]);
    expect(r.localStorage[MULTISTEP_KEY]).toBeUndefined();
  });

  it('tool and self-service processes: event6/event10 starts, event9 steps, event7/event11 completions; "hit" sessions untracked', async () => {
    const tool = (event: string, step: string, extra: Record<string, unknown> = {}) => ({ event, tool: { toolId: 'retirement-calculator', SessionSettings: 'session', ...extra }, process: { processStepLabel: step } });
    const ss = (event: string, setting: string) => ({ event, selfservice: { ActivityName: 'change beneficiary', SessionSettings: setting }, process: { processStepLabel: 'start' } });
    const { hits } = await run('prod', [
      tool('Self Service Started', 'start'),
      tool('Self Service Started', 'inputs', { processStep: true }),
      tool('Self Service Completed', 'results'),
      ss('Self Service Started', 'session'),
      ss('Self Service Completed', 'session'),
      ss('Self Service Started', 'hit'),
    ]);
    expect(hits.map((h) => h.params.events)).toEqual(['event6', 'event9', 'event7', 'event10', 'event11']);
    expect(hits[0]!.params.v13).toBe('retirement-calculator');
  });

  it('media play time is the numeric event105 in whole seconds', async () => {
    const { hits } = await run('prod', [{ event: 'Multi-Media Play Time', MultiMedia: { MultiMediaName: 'Outlook', MultiMediaType: 'video', Playtime: 41.6 } }]);
    expect(hits.map((h) => h.params.events)).toEqual(['event105=42']);
  });

  it('an abandoned form is sent by sendBeacon with event65 when the page is hidden', async () => {
    const { hits } = await run('prod', [], {
      beforeLoad(win) {
        win.document.body.innerHTML = '<form data-ea-form-abandon="contact-us"><input name="email" id="email"><textarea name="message" id="message"></textarea></form>';
      },
      afterLoad(win) {
        for (const id of ['email', 'message']) win.document.getElementById(id)!.dispatchEvent(new win.FocusEvent('focusin', { bubbles: true }));
        (win.document.getElementById('email') as HTMLInputElement).value = 'someone@example.com';
        Object.defineProperty(win.document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        win.document.dispatchEvent(new win.Event('visibilitychange', { bubbles: true }));
      },
    });
    const abandon = hits.filter((h) => h.params.events === 'event65');
    expect(abandon).toHaveLength(1);
    expect(abandon[0]!.transport).toBe('beacon');
    expect(abandon[0]!.params).toMatchObject({ pev2: 'Abandonment', v13: 'Abandon: contact-us', v14: 'message', v19: 'email|message' });
    expect(abandon[0]!.url + (abandon[0]!.body ?? '')).not.toContain('someone');
  });

  it('heartbeat every 30 s and the 30-seconds-on-page hit', async () => {
    const { hits } = await run('prod', [], { wait: 61_000 });
    const byName = (name: string) => hits.filter((h) => h.params.pev2 === name);
    expect(byName('Page Heartbeat').map((h) => h.params.events)).toEqual([undefined, undefined]);
    expect(byName('30 seconds on page').map((h) => h.params.events)).toEqual(['event103']);
    expect(hits).toHaveLength(3);
    const beat = byName('Page Heartbeat')[0]!.params;
    expect(beat.v11).toBe(beat.v22);
    expect(beat.v11).toBeTruthy();
  });

  it('click tracking is off by default: a CTA-marked link click sends nothing', async () => {
    expect(site.clickTracking.enabled).toBe(false);
    const { hits } = await run('prod', [], {
      beforeLoad(win) {
        win.document.body.innerHTML = '<a id="cta" href="#top" data-ea-cta-link="Open an account">Open</a>';
      },
      afterLoad(win) {
        win.document.getElementById('cta')!.dispatchEvent(new win.MouseEvent('click', { bubbles: true, cancelable: true }));
      },
    });
    expect(hits).toEqual([]);
  });
});
