import { de, falsy, rule, truthy } from '../../runtime/declare';
import { PARTY_ID_HOSTS, requestPartyId } from '../lib/party-id';

export default rule({
  id: 'party-id',
  description: 'Fetches the party id from the identity service for a logged-in user with a login method and no party cookie, and saves it to local storage (spec §7).',
  events: ['Page Load Started'],
  // Before login-complete-store removes the login-method cookie. The request is not awaited, so
  // the data-layer queue (and the page view) never waits for it.
  order: 40,
  conditions: [truthy(de('loggedIn')), truthy(de('loginMethod')), falsy(de('partyCookie'))],
  actions: [{ label: 'GET the party id and store it (errors only logged)', sends: 'necessary', hosts: PARTY_ID_HOSTS, run: (ctx) => void requestPartyId(ctx.runtime) }],
});
