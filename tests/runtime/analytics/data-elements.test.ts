import { analyticsAborted, flagOn, isBot, isBotAgent, trackPage } from '../../../data-elements/analytics';
import type { ReadContext } from '../../../runtime/declare/types';
import { site } from '../../../rules/site.config';

function ctx(opts: { ua?: string; path?: string; state?: Record<string, unknown>; global?: unknown; values?: Record<string, unknown> }): ReadContext {
  const win = { navigator: { userAgent: opts.ua ?? 'Mozilla/5.0 Chrome/130' }, location: { pathname: opts.path ?? '/us/' }, trackPage: opts.global } as unknown as ReadContext['win'];
  return { state: opts.state ?? {}, event: null, win, runtime: {} as ReadContext['runtime'], get: (name) => opts.values?.[name] };
}

describe('bot and synthetic agents (site.botAgents)', () => {
  it.each(site.botAgents.map((a) => [a]))('knows "%s" in any case', (agent) => {
    expect(isBot(`Mozilla/5.0 (compatible; ${agent.toUpperCase()}/2.1)`)).toBe(true);
    expect(isBot(`mozilla/5.0 ${agent.toLowerCase()}`)).toBe(true);
  });

  it('lets ordinary browsers through', () => {
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe(false);
    expect(isBotAgent.read(ctx({}))).toBe(false);
    expect(isBotAgent.read(ctx({ ua: 'Mozilla/5.0 HeadlessChrome/120' }))).toBe(true);
  });
});

describe('track-page flag (spec §4: defaults to true)', () => {
  it('defaults to true', () => {
    expect(trackPage.read(ctx({}))).toBe(true);
    expect(trackPage.default).toBe(true);
  });

  it('reads page.trackPage first, then window.trackPage', () => {
    expect(trackPage.read(ctx({ state: { page: { trackPage: false } }, global: true }))).toBe(false);
    expect(trackPage.read(ctx({ state: { page: { trackPage: 'true' } }, global: false }))).toBe(true);
    expect(trackPage.read(ctx({ global: 'false' }))).toBe(false);
  });

  it.each([[false, false], ['false', false], [0, false], ['0', false], ['off', false], [' No ', false], [true, true], ['yes', true], [1, true], [null, true], ['', true], [undefined, true], ['  ', true]])(
    '%j -> %s',
    (value, on) => expect(flagOn(value)).toBe(on),
  );
});

describe('analytics aborted (spec §5)', () => {
  const aborted = (values: Record<string, unknown>, path = '/us/funds.html') => analyticsAborted.read(ctx({ path, values }));

  it('aborts for bots everywhere', () => {
    expect(aborted({ isBotAgent: true, trackPage: true })).toBe(true);
    expect(aborted({ isBotAgent: true, trackPage: true }, '/us/individual/investments/fund.html')).toBe(true);
  });

  it('aborts when tracking is off, except on individual/investments pages', () => {
    expect(aborted({ isBotAgent: false, trackPage: false })).toBe(true);
    expect(aborted({ isBotAgent: false, trackPage: false }, '/us/en/individual/investments/fund/agthx.html')).toBe(false);
  });

  it('tracks otherwise', () => {
    expect(aborted({ isBotAgent: false, trackPage: true })).toBe(false);
  });
});
