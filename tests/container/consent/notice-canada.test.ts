// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import provider from '../../../rules/consent/provider';
import { site } from '../../../rules/site.config';
import { selectChannel } from '../../../data-elements/site-context';
import { noticeLanguage } from '../../../runtime/consent/notice';
import type { ConsentNoticeOptions } from '../../../runtime/actions/consent-notice';

// The consent notice speaks en-ca / fr-ca on the Canada sites, and the Canada Sites channel names
// the same pages: one list of paths (site.paths.canada), which both read.

const setURL = (href: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(href);
const notice = provider.actions.find((a) => a.kind === 'consentNotice')!.params as Pick<ConsentNoticeOptions, 'url'>;
const canadaRow = site.channels.find((row) => row.channel === 'Canada Sites')!;

describe('Canada paths: the channel table and the consent notice', () => {
  it('share one list', () => {
    expect(canadaRow.when).toEqual([{ pathPrefixes: site.paths.canada }]);
    expect(notice.url.canadaPrefixes).toBe(site.paths.canada);
  });

  // The Canada paths of the spec (§2: /ca/, /advisor/ca/, /individual/ca) and the tests (tests/container/page/urls.test.ts), and their neighbours.
  it.each([
    ['/ca/en/home.html', true],
    ['/ca/advisor/en/home.html', true],
    ['/advisor/ca/en/funds.html', true],
    ['/advisor/ca/', true],
    ['/individual/ca/fr/accueil.html', true],
    ['/individual/ca', true],
    ['/advisor/jp/ja/', false],
    ['/individual/us/home.html', false],
    ['/us/home.html', false],
    ['/europe/home.html', false],
    ['/cab/home.html', false],
  ])('%s is a Canada page to both: %s', (path, canada) => {
    setURL(`https://www.firm.example${path}`);
    expect(selectChannel(window.location) === 'Canada Sites').toBe(canada);
    document.documentElement.setAttribute('lang', 'fr');
    expect(noticeLanguage(window, notice.url.canadaPrefixes)).toBe(canada ? 'fr-ca' : 'fr');
    document.documentElement.setAttribute('lang', 'en');
    expect(noticeLanguage(window, notice.url.canadaPrefixes)).toBe(canada ? 'en-ca' : 'en-gb');
    document.documentElement.removeAttribute('lang');
  });
});
