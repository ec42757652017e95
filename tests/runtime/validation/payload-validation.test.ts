// @vitest-environment happy-dom
import Ajv2020 from 'ajv/dist/2020.js';
import { rule } from '../../../runtime/declare';
import type { JsonState } from '../../../runtime/declare/types';
import { describeError } from '../../../runtime/validation/errors';
import { createPayloadValidation, type ValidationFailure, type ValidationMark } from '../../../runtime/validation';
import { SCHEMA_CACHE_MS } from '../../../runtime/validation/schema-service';
import { AJV_OPTIONS } from '../../../compiler/phases/5-emit/validators';
import { resetWindow } from '../../helpers/runtime';
import { compiledValidators, exampleOf, loadCatalogue } from '../../schemas/catalogue';
import type { Validator } from '../../../runtime/validation/errors';
import { bootWith, type Recorded } from '../data-layer/boot-with';

// Spec §5, §8: a failing payload is marked on the event, warned with each error, optionally
// reported, and still dispatched; schemas the build lacks come from the schema service.

let validators: Record<string, Validator>;
let pls: JsonState;
let recorded: Recorded | undefined;
const seen: { name: string; payload: JsonState; mark: ValidationMark | undefined }[] = [];
const recorder = (event: 'Page Load Started' | 'CTA Clicked') =>
  rule({
    id: `see-${event.toLowerCase().replace(/ /g, '-')}`,
    description: 'records what rules see',
    events: [event],
    actions: [{ label: 'record', sends: 'necessary', run: (ctx) => seen.push({ name: ctx.event.name, payload: ctx.event.payload as unknown as JsonState, mark: (ctx.event.payload as { __validation?: ValidationMark }).__validation }) }],
  });
// A rule on an event the build has no schema for (the declaration API types it as any event here).
const customRecorder = rule({ id: 'see-custom', description: 'x', events: ['Custom Event' as 'CTA Clicked'], actions: [{ label: 'record', sends: 'necessary', run: (ctx) => seen.push({ name: ctx.event.name, payload: ctx.event.payload as unknown as JsonState, mark: (ctx.event.payload as { __validation?: ValidationMark }).__validation }) }] });

beforeAll(async () => {
  const catalogue = await loadCatalogue();
  validators = await compiledValidators(catalogue.filter((d) => ['Page Load Started', 'CTA Clicked'].includes(d.event)));
  pls = exampleOf(catalogue.find((d) => d.event === 'Page Load Started')!) as JsonState;
});
beforeEach(() => {
  resetWindow();
  seen.length = 0;
});
afterEach(() => {
  recorded?.restore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('payload validation', () => {
  it('marks a failing payload, warns each error in the words of the spec, and still dispatches it', () => {
    recorded = bootWith([recorder('Page Load Started')], { validate: createPayloadValidation({ validators }) });
    const bad = copy(pls) as { page: JsonState; user: JsonState };
    bad.page.siteCountry = 'usa';
    delete bad.user.partyId;
    bad.page.pageName = 7 as unknown as string;
    window.appEventData.push(bad);
    expect(seen).toHaveLength(1);
    expect(seen[0].mark).toEqual({
      valid: false,
      errors: expect.arrayContaining([
        { kind: 'string does not match pattern', path: 'page.siteCountry', detail: 'should match ^[A-Za-z]{2}$' },
        { kind: 'missing required property', path: 'user.partyId', detail: 'is required' },
        { kind: 'invalid type', path: 'page.pageName', detail: 'should be string' },
      ]),
    });
    expect(recorded.warnings).toHaveLength(1);
    expect(recorded.warnings[0]).toMatch(/^\[tagc\] EVENT PAYLOAD VALIDATION FAILED: "Page Load Started"\n/);
    expect(recorded.warnings[0]).toContain('user.partyId: missing required property (is required)');
    expect(recorded.warnings[0]).toContain('page.pageName: invalid type (should be string)');
    expect(recorded.fired).toEqual(['see-page-load-started@Page Load Started']);
  });

  it('leaves a valid payload unmarked and silent', () => {
    recorded = bootWith([recorder('Page Load Started')], { validate: createPayloadValidation({ validators }) });
    window.appEventData.push(copy(pls));
    expect(seen[0].mark).toBeUndefined();
    expect(recorded.warnings).toEqual([]);
  });

  it('keeps the mark out of the computed state and out of the payload keys', () => {
    recorded = bootWith([recorder('CTA Clicked')], { validate: createPayloadValidation({ validators }) });
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 1 } });
    expect(seen[0].mark?.valid).toBe(false);
    expect(Object.keys(seen[0].payload)).toEqual(['event', 'linkInfo']);
    const state = (window.appEventData as unknown as { getState(): JsonState }).getState();
    expect(state).toEqual({ linkInfo: { linkId: 1 } });
  });

  it('reports each failure to a configured reporter function', () => {
    const reports: ValidationFailure[] = [];
    recorded = bootWith([recorder('CTA Clicked')], { validate: createPayloadValidation({ validators, report: (f) => reports.push(f) }) });
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 'a' } }, { event: 'CTA Clicked', linkInfo: { linkId: 'a', customLinkName: 'b' } });
    expect(reports).toEqual([{ event: 'CTA Clicked', errors: [{ kind: 'missing required property', path: 'linkInfo.customLinkName', detail: 'is required' }], url: window.location.href }]);
  });

  it('reports to a URL with sendBeacon', () => {
    const beacon = vi.fn((_url: string, _body: string) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    recorded = bootWith([recorder('CTA Clicked')], { validate: createPayloadValidation({ validators, report: 'https://qa.firm.example/validation' }) });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0]).toBe('https://qa.firm.example/validation');
    expect(JSON.parse(beacon.mock.calls[0][1])).toMatchObject({ event: 'CTA Clicked', errors: [{ kind: 'missing required property', path: 'linkInfo' }] });
  });

  it('never validates events whose provider is Disabled', () => {
    recorded = bootWith([recorder('CTA Clicked')], { validate: createPayloadValidation({ validators, disabled: ['CTA Clicked'] }) });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(seen[0].mark).toBeUndefined();
    expect(recorded.warnings).toEqual([]);
  });

  it('names every error kind of spec §8', () => {
    const ajv = new Ajv2020({ ...AJV_OPTIONS });
    const validate = ajv.compile({
      type: 'object',
      properties: { t: { type: 'string' }, e: { enum: ['a'] }, m: { minimum: 1 }, s: { minLength: 2 }, l: { maxLength: 1 }, closed: { type: 'object', additionalProperties: false }, strict: { type: 'object', properties: { a: true }, unevaluatedProperties: false } },
      required: ['r'],
    });
    validate({ t: 1, e: 'b', m: 0, s: 'x', l: 'xy', closed: { x: 1 }, strict: { a: 1, b: 2 } });
    expect(new Set((validate.errors ?? []).map((e) => describeError(e).kind))).toEqual(
      new Set(['invalid type', 'no enum match', 'missing required property', 'value below minimum', 'string too short', 'string too long', 'additional properties not allowed', 'unknown property']),
    );
  });
});

describe('schemas from the schema service', () => {
  const service = { host: 'schemas.firm.example', prefix: 'schemas', organization: 'firm', property: 'web', build: '0.1.0' };
  const schema = { type: 'object', properties: { event: { const: 'Custom Event' }, n: { type: 'number' } }, required: ['n'] };
  const respond = (status: number, body: unknown) => vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
  };

  it('fetches an event schema the build lacks, checks the payload with the interpreter, and caches it for an hour', async () => {
    const fetch = respond(200, schema);
    vi.stubGlobal('fetch', fetch);
    recorded = bootWith([customRecorder], { validate: createPayloadValidation({ validators, service }) });
    window.appEventData.push({ event: 'Custom Event', n: 'one' });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('https://schemas.firm.example/schemas/firm/web/0.1.0/Custom%20Event.json');
    // The first payload was dispatched before its schema arrived: warned late.
    expect(recorded.warnings).toEqual([expect.stringContaining('EVENT PAYLOAD VALIDATION FAILED: "Custom Event" (schema arrived after dispatch)')]);
    expect(seen[0].mark).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('tagc.schema.0.1.0.Custom Event')!)).toMatchObject({ schema });
    // Now cached: checked before dispatch, so the rule sees the mark; no second request.
    window.appEventData.push({ event: 'Custom Event' });
    expect(seen[1].mark?.errors).toEqual([{ kind: 'missing required property', path: 'n', detail: 'is required' }]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again once the cached schema is an hour old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const fetch = respond(200, schema);
    vi.stubGlobal('fetch', fetch);
    recorded = bootWith([customRecorder], { validate: createPayloadValidation({ validators, service }) });
    window.appEventData.push({ event: 'Custom Event', n: 1 });
    await settle();
    vi.setSystemTime(Date.now() + SCHEMA_CACHE_MS - 1);
    window.appEventData.push({ event: 'Custom Event', n: 1 });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    window.appEventData.push({ event: 'Custom Event', n: 1 });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('caches an empty schema after a non-200 answer, so the event passes and is not asked for again', async () => {
    const fetch = respond(404, { message: 'not found' });
    vi.stubGlobal('fetch', fetch);
    recorded = bootWith([customRecorder], { validate: createPayloadValidation({ validators, service }) });
    window.appEventData.push({ event: 'Custom Event', n: 'x' });
    await settle();
    window.appEventData.push({ event: 'Custom Event', n: 'x' });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('tagc.schema.0.1.0.Custom Event')!)).toMatchObject({ schema: {} });
    expect(recorded.warnings).toEqual([]);
    expect(seen.map((s) => s.mark)).toEqual([undefined, undefined]);
  });

  it('caches nothing when the request fails, and logs a warning instead of throwing', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('network down');
    });
    vi.stubGlobal('fetch', fetch);
    recorded = bootWith([customRecorder], { validate: createPayloadValidation({ validators, service }) });
    window.appEventData.push({ event: 'Custom Event', n: 'x' });
    await settle();
    expect(recorded.warnings).toEqual([expect.stringContaining('Schema service request for "Custom Event" failed: network down')]);
    expect(localStorage.getItem('tagc.schema.0.1.0.Custom Event')).toBeNull();
    expect(recorded.fired).toEqual(['see-custom@Custom Event']);
  });
});
