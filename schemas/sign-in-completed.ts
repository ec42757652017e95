import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Sign In Completed",
  description: "A \"sign-in\" event: the visitor signed in; userStatus required.",
  schema: payload("Sign In Completed", { userStatus, process }, ["userStatus"], {"userStatus":{"loginMethod":"password","siteLoginStatus":"logged in"}}),
});
