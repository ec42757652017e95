import { rule } from '../../runtime/declare';
import { pushPendingLoginComplete } from '../lib/login-complete';

export default rule({
  id: 'login-complete-push',
  description: 'Pushes a stored Login Complete event into the data layer once the page has loaded (spec §4).',
  events: ['Page Load Completed'],
  // After the page view, so the login is reported on the page it completed on.
  order: 60,
  actions: [{ label: 'push the stored Login Complete event, then forget it', sends: 'necessary', run: (ctx) => pushPendingLoginComplete(ctx) }],
});
