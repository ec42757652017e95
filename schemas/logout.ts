import { eventSchema } from '../runtime/declare';
import { payload, userStatus } from './lib/fields';

export default eventSchema({
  event: "Logout",
  description: "The visitor logged out (event69); nothing required (§3).",
  schema: payload("Logout", { userStatus }, [], {"userStatus":{"siteLoginStatus":"logged out"}}),
});
