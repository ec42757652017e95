// @vitest-environment happy-dom
import clickPush from '../../../rules/events/click-tracking-push';
import clickLinks from '../../../rules/events/click-tracking-links';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

// The click-tracking rules are off by default (site.clickTracking.enabled is false: `enabled:
// false`, so in no bundle); booted directly here, they show what a site that turns them on gets.

afterEach(() => {
  restoreConsole();
  resetWindow();
  document.body.innerHTML = '';
});

function click(el: Element): void {
  const stop = (e: Event) => e.preventDefault(); // happy-dom would otherwise navigate
  window.addEventListener('click', stop);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  window.removeEventListener('click', stop);
}

describe('click-tracking rules', () => {
  it('are off unless site.config enables click tracking, and would then run in every environment', () => {
    expect([clickPush.enabled, clickLinks.enabled]).toEqual([false, false]);
    expect(clickPush.environments).toEqual(['test', 'dev', 'stg', 'prod', 'internal']);
    expect(clickLinks.environments).toEqual(['test', 'dev', 'stg', 'prod', 'internal']);
  });

  it('push CTA Clicked for a data-ea-cta-link and Content Downloads for a download, nothing for plain links', () => {
    const booted = boot([clickPush]);
    document.body.innerHTML = `
      <section data-ea-link-position="hero"><a id="cta" href="#open" data-ea-cta-link="Open an account" data-ea-link-id="cta-open">Open</a></section>
      <a id="pdf" href="/literature/fact-sheet.pdf">Fact sheet</a>
      <a id="plain" href="#about">About</a>`;
    click(document.getElementById('cta')!);
    click(document.getElementById('pdf')!);
    click(document.getElementById('plain')!);
    expect(window.appEventData).toEqual([
      { event: 'CTA Clicked', linkInfo: { linkId: 'cta-open', customLinkName: 'Open an account', linkPosition: 'hero' } },
      { event: 'Content Downloads', download: { filename: 'fact-sheet.pdf' } },
    ]);
    expect(booted.errors).toEqual([]);
  });

  it('send no exit-link hit before the consent provider has started (fail closed)', () => {
    const booted = boot([clickLinks]);
    document.body.innerHTML = '<a id="out" href="#x" data-ea-exit-link>Partner site</a>';
    click(document.getElementById('out')!);
    expect(booted.fired).toEqual([]);
    expect(booted.skipped).toEqual(['click-tracking-links']);
  });
});
