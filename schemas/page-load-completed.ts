import { eventSchema } from '../runtime/declare';
import { payload } from './lib/fields';

export default eventSchema({
  event: 'Page Load Completed',
  description: 'The page has finished loading; sends the analytics page view. No field is required (spec §3).',
  schema: payload('Page Load Completed', {}, [], {}),
});
