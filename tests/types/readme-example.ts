// The README's "Adding a rule" example, kept compiling.
import { pathStartsWith, rule } from '../../runtime/declare';

export default rule({
  id: 'cta-click-advisor',
  description: 'Counts advisor CTA clicks (event61).',
  events: ['CTA Clicked'],
  conditions: [pathStartsWith('/advisor')],
  actions: [{ label: 'remember the CTA', sends: 'necessary', run: (ctx) => sessionStorage.setItem('lastCta', ctx.event.payload.linkInfo.linkId) }],
  order: 50,
  environments: ['dev', 'stg', 'prod'],
  consent: 'analytics',
});
