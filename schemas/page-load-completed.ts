import { eventSchema } from '../runtime/declare';

export default eventSchema({
  event: 'Page Load Completed',
  description: 'The page has finished loading; sends the analytics page view. No field is required (spec §3).',
  schema: {
    type: 'object',
    properties: { event: { const: 'Page Load Completed' } },
    required: ['event'],
  },
});
