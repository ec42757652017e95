import { eventSchema } from '../runtime/declare';

export default eventSchema({
  event: 'Page Load Started',
  description: 'Page context pushed at the top of every page (spec §3, §5).',
  schema: {
    type: 'object',
    properties: {
      event: { const: 'Page Load Started' },
      page: {
        type: 'object',
        properties: {
          pageName: { type: 'string' },
          siteAudience: { type: 'string' },
          siteCountry: { type: 'string', pattern: '^[A-Za-z]{2}$' },
          siteLanguage: { type: 'string', pattern: '^[a-z]{2}(-[A-Za-z]{2})?$' },
          baseURL: { type: 'string', pattern: '^https?://[^?#]*$' },
        },
        required: ['pageName'],
      },
    },
    required: ['event', 'page'],
  },
});
