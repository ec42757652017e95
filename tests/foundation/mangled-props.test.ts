import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MANGLED_PROPS } from '../../compiler/phases/5-emit/mangled-props';
import { realBundle } from '../helpers/real-build';

// The property names builds without debug logging shorten: none may cross the bundle's boundary,
// and each must be one the runtime really writes (else the list only grows stale).

// Names read or written outside the bundle: monitor events (the debug companion, tagc simulate),
// failing-condition explanations, the window APIs and the options a page passes to them (the A/B
// client's `params`, `timeout`), data-layer payloads, Target and AppMeasurement wire fields, the
// site's published config, and graph.json. Not a link hit's `linkTrackVars` / `linkTrackEvents`:
// options of the runtime's own analytics actions and client, never on the window nor the wire.
const PUBLIC = [
  'rule', 'event', 'order', 'condition', 'action', 'index', 'error', 'explain', 'expected', 'subject',
  'ruleTriggered', 'ruleFired', 'ruleSkipped', 'ruleCompleted', 'actionFailed', 'requestRefused', 'listening',
  'getVar', 'setVar', 'track', 'buildInfo', 'debug', 'env', 'version', 'hash', 'environment', '_monitors',
  'event', 'processStepLabel', 'processStepValue', 'page', 'user', 'tool', 'process',
  'selector', 'mbox', 'type', 'content', 'metrics', 'eventToken', 'options', 'execute', 'prefetch', 'edgeHost',
  'events', 'products', 'trackingServer', 'contextData', 'pageName',
  'id', 'description', 'rules', 'dataElements', 'tables', 'category', 'host', 'directive',
  'params', 'timeout',
  // Options a script's init call hands to a third-party library (rules/scripts/monitoring.ts: Datadog RUM's).
  'service',
];

// Names only builds without debug logging write (the debug companion's reference, which start()
// hands to runtime/core/companion.ts): the test bundle has none, so the runtime's source must.
const WITHOUT_DEBUG_ONLY = ['companion', 'file'];

let prod: string;
let test: string;
let withoutDebug: string;

beforeAll(() => {
  prod = realBundle('prod');
  test = realBundle('test');
  withoutDebug = ['start.ts', 'companion.ts'].map((f) => readFileSync(new URL(`../../runtime/core/${f}`, import.meta.url), 'utf8')).join('\n');
});

const used = (code: string, name: string) => new RegExp(`\\.${name}\\b|[{,]${name}:|[{,](["'])${name}\\1:|\\[(["'])${name}\\2\\]`).test(code);

describe('the mangled property names', () => {
  it('hold none of the names that cross the bundle boundary', () => {
    for (const name of PUBLIC) expect(MANGLED_PROPS as readonly string[], name).not.toContain(name);
  });

  it('are each a property the debug bundle still uses by name and the prod bundle no longer does', () => {
    for (const name of MANGLED_PROPS) {
      expect(used(WITHOUT_DEBUG_ONLY.includes(name) ? withoutDebug : test, name), `${name} in test`).toBe(true);
      expect(used(prod, name), `${name} in prod`).toBe(false);
    }
  });
});
