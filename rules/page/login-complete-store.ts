import { de, rule, truthy } from '../../runtime/declare';
import { storeLoginComplete } from '../lib/login-complete';

export default rule({
  id: 'login-complete-store',
  description: 'After login success with a login-method cookie, stores a Login Complete event for later push and removes the cookie (spec §4).',
  events: ['Page Load Started'],
  conditions: [truthy(de('loggedIn')), truthy(de('loginMethodCookie'))],
  actions: [{ label: 'store Login Complete in session storage, remove the login-method cookie', sends: 'necessary', run: (ctx) => storeLoginComplete(ctx) }],
});
