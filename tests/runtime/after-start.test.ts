// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryLoaded, loadConsentNotice, loadScript, rule } from '../../runtime/declare';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';

// Start-up runs the queued events' rules first; work no rule needs before the first page view
// (inserting external scripts, the consent notice's page work) waits for a task of its own, so the start-up task stays short.

const SRC = 'https://scripts.example/vendor.js';
const inserted = () => document.querySelectorAll(`script[src="${SRC}"]`).length;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  openEgress();
  resetWindow();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});
afterEach(restoreConsole);

describe('start-up work after the queued events', () => {
  it('inserts a Library Loaded script only after the queued Page Load Started rules ran, in a later task', async () => {
    const seenByPageLoad: number[] = [];
    (window as unknown as Record<string, unknown>).appEventData = [{ event: 'Page Load Started' }];
    const booted = boot([
      rule({ id: 'vendor', description: 'x', events: [libraryLoaded()], actions: [loadScript({ name: 'vendor', url: SRC, sends: 'necessary' })] }),
      rule({ id: 'page', description: 'x', events: ['Page Load Started'], actions: [{ label: 'look', sends: 'necessary', run: () => void seenByPageLoad.push(inserted()) }] }),
    ]);
    expect(booted.fired).toEqual(['vendor@libraryLoaded', 'page@Page Load Started']);
    expect(seenByPageLoad).toEqual([0]);
    expect(inserted()).toBe(0);
    await nextTask();
    expect(inserted()).toBe(1);
  });

  it("leaves the consent notice's cookie, containers and script to the task after the queued Page Load Started rules", async () => {
    document.body.innerHTML = '<main></main>';
    const notice = loadConsentNotice({
      url: { base: 'https://consent.example/notice', domainId: 'firm.example', vendorIds: { standard: '1', test: '2' }, testFlag: { key: 'consentTestMode', value: 'true' }, canadaPrefixes: [] },
      rules: { hosts: [], pathPrefixes: [], crawlerAgents: [] },
      page: {
        link: { selector: '#teconsent a', every: 100, times: 1 },
        translation: { selector: '#truste-consent-text', every: 100, times: 1 },
        buttons: { selector: '#truste-consent-button', every: 100, times: 1 },
        stylingDelay: 100,
        banner: '#consent_blackbar',
        lift: [],
        pageLoadCookie: { name: 'noticePageLoad', seconds: 60, skippedSeconds: 1 },
        requestForms: { selector: 'iframe.privacy', height: 420 },
      },
    });
    const page = () => [document.cookie.includes('noticePageLoad=1'), !!document.getElementById('consent_blackbar'), !!document.querySelector('script[src^="https://consent.example/notice"]')];
    const seenByPageLoad: boolean[][] = [];
    (window as unknown as Record<string, unknown>).appEventData = [{ event: 'Page Load Started' }];
    const booted = boot([
      rule({ id: 'notice', description: 'x', events: [libraryLoaded()], actions: [notice] }),
      rule({ id: 'page', description: 'x', events: ['Page Load Started'], actions: [{ label: 'look', sends: 'necessary', run: () => void seenByPageLoad.push(page()) }] }),
    ]);
    expect(booted.fired).toEqual(['notice@libraryLoaded', 'page@Page Load Started']);
    expect(seenByPageLoad).toEqual([[false, false, false]]);
    await nextTask();
    expect(page()).toEqual([true, true, true]);
    // The banner's container opens the body, the link's closes it.
    expect([...document.body.children].map((el) => el.id || el.localName)).toEqual(['consent_blackbar', 'main', 'teconsent']);
  });

  it('inserts a script at once when its rule fires after start-up', () => {
    boot([rule({ id: 'later', description: 'x', events: ['CTA Clicked'], actions: [loadScript({ name: 'chat', url: SRC, sends: 'necessary' })] })]);
    (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'CTA Clicked' });
    expect(inserted()).toBe(1);
  });
});
