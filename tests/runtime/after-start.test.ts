// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryLoaded, loadScript, rule } from '../../runtime/declare';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';

// Start-up runs the queued events' rules first; work no rule needs before the first page view
// (inserting external scripts) waits for a task of its own, so the start-up task stays short.

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

  it('inserts a script at once when its rule fires after start-up', () => {
    boot([rule({ id: 'later', description: 'x', events: ['CTA Clicked'], actions: [loadScript({ name: 'chat', url: SRC, sends: 'necessary' })] })]);
    (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'CTA Clicked' });
    expect(inserted()).toBe(1);
  });
});
