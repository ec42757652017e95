import { domReady, rule, watchFormFields } from '../../runtime/declare';
import { analyticsConsent } from '../consent/lib/gates';

export default rule({
  id: 'form-abandonment-watch',
  description:
    'Form abandonment (spec §4): records touched field names of data-ea-form-abandon forms; on page hide without submit pushes Abandonment (tool value "Abandon: <placement>").',
  events: [domReady()],
  // Field names are stored for an analytics hit: nothing is recorded without analytics consent.
  conditions: [analyticsConsent],
  actions: [watchFormFields()],
});
