// Type-only test, run by `tsc --noEmit` (npm test): a rule on a data-layer event sees the
// payload type generated from that event's JSON Schema.
import { rule } from '../../runtime/declare';

export const reads = rule({
  id: 'type-test-reads-page-name',
  description: 'Reads fields the Page Load Started schema declares.',
  events: ['Page Load Started'],
  conditions: [{ label: 'page name is set', test: (ctx) => ctx.event.payload.page.pageName.length > 0 }],
  actions: [{ label: 'read', sends: 'necessary', run: (ctx) => ctx.event.payload.page.siteCountry?.toUpperCase() }],
});

export const missing = rule({
  id: 'type-test-missing-field',
  description: 'Reading a field the schema lacks does not type-check.',
  events: ['Page Load Started'],
  // @ts-expect-error: `notInSchema` is not a field of Page Load Started's page.
  actions: [{ label: 'read', sends: 'necessary', run: (ctx) => ctx.event.payload.page.notInSchema }],
});

export const wrongType = rule({
  id: 'type-test-wrong-type',
  description: 'A field is used with its schema type.',
  events: ['Page Load Started'],
  // @ts-expect-error: pageName is a string, not a number.
  conditions: [{ label: 'arithmetic on a string', test: (ctx) => ctx.event.payload.page.pageName.toFixed(2) === '1' }],
  actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }],
});

export const unknownEvent = rule({
  id: 'type-test-unknown-event',
  description: 'An event without a schema is not a data-layer event name.',
  // @ts-expect-error: no schema declares "No Such Event".
  events: ['No Such Event'],
  actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }],
});
