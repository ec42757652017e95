// @vitest-environment happy-dom
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_SCRIPT } from '../../../compiler/phases/5-emit/browser-build';
import { mangleOptions } from '../../../compiler/phases/5-emit/mangled-props';
import type { TargetApi } from '../../../runtime/target/client';

// The A/B client as prod ships it: minified for ES2020 with the internal property names shortened.
// The names a page or the edge writes (getOffer's `params` and `timeout`, a response's `edgeHost`)
// must still be read, and a failure's kind (a lowered class field) must still match its readers.

const ROOT = join(__dirname, '..', '..', '..');
const ENTRY = `
import { configureEgress } from './runtime/core/egress';
import { createTargetClient } from './runtime/target/client';
configureEgress({ hosts: null, allows: () => true });
export const make = (edgeHost: string, domain: string) => createTargetClient(window, { edgeHost, edgeDomains: [domain], clientCode: 'firm', disable: 'mboxDisable' }).api;
`;

type Call = { url: string; body: Record<string, unknown> };
let make: (edgeHost: string, domain: string) => TargetApi;
let calls: Call[];
let answer: () => Promise<Response>;
let beacons: { url: string; body: string }[];

beforeAll(async () => {
  const out = await esbuild.build({
    ...BROWSER_SCRIPT,
    ...mangleOptions(),
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts' },
    absWorkingDir: ROOT,
    globalName: 'abClient',
    dropLabels: ['DEBUG'],
  });
  const code = out.outputFiles[0]!.text;
  make = (new Function(`${code}; return abClient;`)() as { make: typeof make }).make;
});

beforeEach(() => {
  calls = [];
  beacons = [];
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return answer();
  }));
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (url: string, body: string) => beacons.push({ url, body }) > 0 });
});

const json = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200 });

describe('the A/B client built with prod property mangling', () => {
  it("sends getOffer's params and trackEvent's params as the page names them", async () => {
    answer = json({ execute: { mboxes: [{ index: 0, name: 'hero', options: [] }] } });
    const client = make('firm.tt.omtrdc.example', 'tt.omtrdc.example');
    await new Promise<void>((done) => client.getOffer({ mbox: 'hero', params: { segment: 'gold' }, success: () => done(), error: () => done() }));
    expect(calls[0]!.body).toMatchObject({ execute: { mboxes: [{ name: 'hero', parameters: { segment: 'gold' } }] } });
    client.trackEvent({ mbox: 'cta', params: { a: 'b' } });
    expect(JSON.parse(beacons[0]!.body)).toMatchObject({ notifications: [{ mbox: { name: 'cta' }, parameters: { a: 'b' } }] });
  });

  it("sends later calls to an allowed edgeHost of a response, and none to one that is not allowed", async () => {
    const client = make('firm.tt.omtrdc.example', 'tt.omtrdc.example');
    const request = { request: { execute: { mboxes: [{ index: 0, name: 'a' }] } } };
    answer = json({ edgeHost: 'evil.example' });
    await client.getOffers(request);
    await client.getOffers(request);
    answer = json({ edgeHost: 'mboxedge12.tt.omtrdc.example' });
    await client.getOffers(request);
    await client.getOffers(request);
    expect(calls.map((c) => new URL(c.url).host)).toEqual(['firm.tt.omtrdc.example', 'firm.tt.omtrdc.example', 'firm.tt.omtrdc.example', 'mboxedge12.tt.omtrdc.example']);
  });

  it("honours getOffer's timeout and reports it to the error callback as a timeout", async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const client = make('firm.tt.omtrdc.example', 'tt.omtrdc.example');
    const status = await new Promise<string>((done) => client.getOffer({ mbox: 'hero', timeout: 20, success: () => done('success'), error: (s) => done(s) }));
    expect(status).toBe('timeout');
  });
});
