// @vitest-environment happy-dom
import { rule } from '../../../runtime/declare';
import { createPayloadValidation } from '../../../runtime/validation';
import { resetWindow } from '../../helpers/runtime';
import { compiledValidators, loadCatalogue } from '../../schemas/catalogue';
import { bootWith, type Recorded } from './boot-with';
import { prng } from '../../helpers/prng';

// 10,000 hostile pushes (wrong types, deep nesting, huge strings, __proto__ keys, missing names,
// throwing getters, cycles, proxies) into a data layer with validation on: nothing may escape
// into the page, Object.prototype stays clean, and a valid event afterwards still fires its rule.

const HUGE = 'x'.repeat(1_000_000);
const EVENTS = ['CTA Clicked', 'Page Load Started', 'Fund Additions', 'Unknown Event', '', '   ', 'constructor', '__proto__', 'toString'];

function deep(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < levels; i++) node = i % 2 ? { child: node } : { list: [node] };
  return node;
}

/** Each level points twice at the one below: 2^levels paths through `levels` objects. */
function shared(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < levels; i++) node = { a: node, b: [node] };
  return node;
}

function hostile(rand: () => number): unknown {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  switch (Math.floor(rand() * 16)) {
    case 0:
      return pick([null, undefined, 0, -1, NaN, Infinity, true, 'CTA Clicked', Symbol('s'), 10n, new Date(), /re/, new Map()]);
    case 1:
      return pick([[], [{ event: 'CTA Clicked' }], new Array(1000)]);
    case 2:
      return JSON.parse('{"__proto__": {"polluted": "yes"}, "event": "CTA Clicked"}');
    case 3:
      return JSON.parse('{"event": "Page Load Started", "page": {"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}}');
    case 4:
      return { event: pick(EVENTS), page: rand() < 0.5 ? deep(Math.floor(rand() * 500)) : shared(Math.floor(rand() * 60)) };
    case 5:
      return { event: pick(EVENTS), linkInfo: { linkId: HUGE, customLinkName: HUGE.slice(0, Math.floor(rand() * HUGE.length)) } };
    case 6:
      return { page: { pageName: 'no event name' } };
    case 7:
      return { event: pick([42, null, {}, [], true]) };
    case 8: {
      const cyclic: Record<string, unknown> = { event: pick(EVENTS) };
      cyclic.self = cyclic;
      cyclic.linkInfo = { parent: cyclic };
      return cyclic;
    }
    case 9:
      return Object.defineProperty({ event: 'CTA Clicked' }, 'linkInfo', {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      });
    case 10:
      return new Proxy(
        { event: 'CTA Clicked' },
        {
          ownKeys() {
            throw new Error('ownKeys');
          },
        },
      );
    case 11:
      return Object.freeze({ event: pick(EVENTS), linkInfo: Object.freeze({ linkId: 1 }) });
    case 12:
      return Object.assign(Object.create(null), { event: 'CTA Clicked', linkInfo: { linkId: 'a', customLinkName: 'b' } });
    case 13:
      return { event: pick(EVENTS), product: [{ quantity: pick([0, -1, 1.5, '1', NaN, null]), productInfo: pick([null, {}, { productID: 7 }]) }] };
    case 14:
      return () => {
        throw new Error('callback');
      };
    default:
      return { event: pick(EVENTS), [pick(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'valueOf'])]: { polluted: 'yes' } };
  }
}

let recorded: Recorded | undefined;
afterEach(() => recorded?.restore());

it('survives 10,000 hostile pushes and still fires a rule for a valid event afterwards', async () => {
  resetWindow();
  const validators = await compiledValidators(await loadCatalogue());
  const fired: unknown[] = [];
  const cta = rule({ id: 'cta', description: 'x', events: ['CTA Clicked'], actions: [{ label: 'record', sends: 'necessary', run: (ctx) => fired.push(ctx.event.payload.linkInfo) }] });
  recorded = bootWith([cta], { validate: createPayloadValidation({ validators }), dataLayer: { resetBefore: ['Page Load Started'] } });
  const rand = prng(5);
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

  let escaped = 0;
  for (let i = 0; i < 10_000; i++) {
    try {
      window.appEventData.push(hostile(rand));
    } catch {
      escaped++;
    }
  }
  expect(escaped).toBe(0);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  expect(recorded.errors.length).toBeGreaterThan(0); // the bad entries were reported, not swallowed

  fired.length = 0;
  window.appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 'after', customLinkName: 'After the storm' } });
  expect(fired).toEqual([{ linkId: 'after', customLinkName: 'After the storm' }]);
  expect(window.appEventData).toHaveLength(10_001);
});
