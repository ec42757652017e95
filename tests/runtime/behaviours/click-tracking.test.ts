// @vitest-environment happy-dom
import { capText, classifyClick, downloadName, isInternal, LINK_TEXT_MAX, type LinkClick, type LinkRules } from '../../../runtime/behaviours/links';
import { linkClick } from '../../../runtime/events/click';
import { rule } from '../../../runtime/declare/rule';
import type { Rule } from '../../../runtime/declare/types';
import { site } from '../../../rules/site.config';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

const RULES: LinkRules = { ownDomains: site.hosts.ownDomains, internalSchemes: site.internalSchemes };
const PAGE = { href: 'https://www.firm.example/advisor/index.html', hostname: 'www.firm.example' };

function html(markup: string): Element {
  document.body.innerHTML = markup;
  return document.querySelector('[data-target]') ?? document.body.firstElementChild!;
}

describe('link classification', () => {
  it('follows the data-ea-*-link attributes, the attribute value naming the link', () => {
    expect(classifyClick(html('<a href="/open" data-ea-cta-link="Open an account" id="cta1"><span data-target>Go</span></a>'), PAGE, RULES)).toEqual({
      type: 'cta', href: 'https://www.firm.example/open', text: 'Open an account', linkId: 'cta1', linkPosition: '', fileName: '',
    });
    expect(classifyClick(html('<button data-ea-ui-link data-target>  Show\n  more </button>'), PAGE, RULES)).toMatchObject({ type: 'ui', href: '', text: 'Show more' });
    expect(classifyClick(html('<a href="/a" data-ea-exit-link data-target>Partner</a>'), PAGE, RULES)?.type).toBe('exit');
    expect(classifyClick(html('<a href="/report" data-ea-download-link data-target>Report</a>'), PAGE, RULES)).toMatchObject({ type: 'download', fileName: 'report' });
  });

  it('detects downloads by extension, by the download class and by a file-url parameter', () => {
    for (const ext of ['doc', 'docx', 'pdf', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'csv', 'png', 'mp3', 'mp4']) {
      expect(classifyClick(html(`<a href="/docs/fact-sheet.${ext}?v=2" data-target>x</a>`), PAGE, RULES)).toMatchObject({ type: 'download', fileName: `fact-sheet.${ext}` });
    }
    expect(classifyClick(html('<a class="btn download" href="/get/123" data-target>x</a>'), PAGE, RULES)).toMatchObject({ type: 'download', fileName: '123' });
    expect(classifyClick(html('<a href="/viewer?fileUrl=%2Flit%2FAR-2025.pdf" data-target>x</a>'), PAGE, RULES)).toMatchObject({ type: 'download', fileName: 'AR-2025.pdf' });
    expect(downloadName(new URL('https://www.firm.example/page.html'), null, RULES)).toBe('');
  });

  it('applies the internal-link filter of docs/site-config.md: own domains and subdomains, mailto:, tel:, javascript:', () => {
    const at = (href: string) => isInternal(new URL(href, PAGE.href), PAGE.hostname, RULES);
    expect(at('https://firm.example/x')).toBe(true);
    expect(at('https://funds.firm.example/x')).toBe(true);
    expect(at('https://www.icanretire.example/')).toBe(true);
    expect(at('https://www.planinsights.example/')).toBe(true);
    expect(at('mailto:help@firm.example')).toBe(true);
    expect(at('tel:+15550100')).toBe(true);
    expect(at('javascript:void(0)')).toBe(true);
    expect(at('https://notfirm.example/')).toBe(false);
    expect(at('https://firm.example.evil.example/')).toBe(false);
    expect(classifyClick(html('<a href="https://partner.example/fund" data-target>Partner</a>'), PAGE, RULES)).toMatchObject({ type: 'exit', href: 'https://partner.example/fund' });
    expect(classifyClick(html('<a href="/advisor/funds.html" data-target>Funds</a>'), PAGE, RULES)).toBeNull();
    expect(classifyClick(html('<a href="mailto:x@y.example" data-target>Mail</a>'), PAGE, RULES)).toBeNull();
    expect(classifyClick(html('<div data-target>not a link</div>'), PAGE, RULES)).toBeNull();
  });

  it('caps link text at 250 characters and reads position and id from the markup', () => {
    const long = 'word '.repeat(100);
    const click = classifyClick(html(`<section data-ea-link-position="hero"><a href="/x" data-ea-cta-link data-ea-link-id="L1" data-target>${long}</a></section>`), PAGE, RULES)!;
    expect(click.text).toHaveLength(LINK_TEXT_MAX);
    expect(click).toMatchObject({ linkId: 'L1', linkPosition: 'hero' });
    expect(capText('a'.repeat(300))).toHaveLength(250);
  });
});

describe('linkClick event and the anchor delay', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    assign.mockRestore();
    restoreConsole();
    resetWindow();
  });

  function start(anchorDelay: number): LinkClick[] {
    const clicks: LinkClick[] = [];
    const r = rule({
      id: 'clicks',
      description: 'x',
      events: [linkClick({ ...RULES, anchorDelay })],
      actions: [{ label: 'record', sends: 'necessary', run: (ctx) => void clicks.push(ctx.event.payload) }],
    }) as Rule;
    boot([r]);
    return clicks;
  }

  /** Dispatches a click; says whether the container held it back, then stops happy-dom from navigating. */
  function click(el: Element, init: MouseEventInit = {}): { held: boolean } {
    const ev = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    let held = false;
    const last = (e: Event) => {
      held = e.defaultPrevented;
      e.preventDefault();
    };
    window.addEventListener('click', last);
    el.dispatchEvent(ev);
    window.removeEventListener('click', last);
    return { held };
  }

  it('emits tracked clicks only', () => {
    const clicks = start(0);
    document.body.innerHTML = '<a id="cta" href="/open" data-ea-cta-link="Open">Open</a><a id="plain" href="/about.html">About</a>';
    click(document.getElementById('plain')!);
    click(document.getElementById('cta')!);
    expect(clicks.map((c) => c.type)).toEqual(['cta']);
  });

  it('holds a same-window link for the configured delay, then follows it', () => {
    start(300);
    document.body.innerHTML = '<a id="out" href="https://partner.example/">Partner</a>';
    const ev = click(document.getElementById('out')!);
    expect(ev.held).toBe(true);
    vi.advanceTimersByTime(299);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('https://partner.example/');
  });

  it('does not delay a link to a fragment of this page, and delays one to another page or to this page without a fragment', () => {
    start(300);
    const here = new URL(window.location.href);
    here.hash = '';
    const links = { top: '#top', full: `${here.href}#top`, query: `${here.pathname}?other=1#top`, path: '/elsewhere.html#top', bare: here.href };
    document.body.innerHTML = Object.entries(links).map(([id, href]) => `<a id="${id}" href="${href}" data-ea-cta-link="${id}">${id}</a>`).join('');
    const held = Object.keys(links).map((id) => click(document.getElementById(id)!).held);
    expect(held).toEqual([false, false, true, true, true]);
  });

  it('does not delay a link that is not http(s) or not a URL', () => {
    start(300);
    const links = { mail: 'mailto:help@firm.example', script: 'javascript:void(0)', broken: 'http://[', web: 'https://partner.example/' };
    document.body.innerHTML = Object.entries(links).map(([id, href]) => `<a id="${id}" href="${href}" data-ea-cta-link="${id}">${id}</a>`).join('');
    const held = Object.keys(links).map((id) => click(document.getElementById(id)!).held);
    expect(held).toEqual([false, false, false, true]);
  });

  it('does not delay new-tab, modified, page-handled or in-page clicks, nor any click when the delay is 0', () => {
    const clicks = start(300);
    document.body.innerHTML = `
      <a id="blank" target="_blank" href="https://partner.example/">a</a>
      <a id="mod" href="https://partner.example/">b</a>
      <a id="handled" href="https://partner.example/">c</a>
      <a id="dl" download href="/x.pdf">d</a>`;
    document.getElementById('handled')!.addEventListener('click', (e) => e.preventDefault());
    expect(click(document.getElementById('blank')!).held).toBe(false);
    expect(click(document.getElementById('mod')!, { ctrlKey: true }).held).toBe(false);
    click(document.getElementById('handled')!);
    expect(click(document.getElementById('dl')!).held).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(assign).not.toHaveBeenCalled();
    expect(clicks.map((c) => c.type)).toEqual(['exit', 'exit', 'exit', 'download']);
  });
});
