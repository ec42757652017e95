import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Sign In Started",
  description: "The spec's \"sign-in\" events, for sign-in forms outside the advisor login (which has the Login events): started; userStatus and process optional.",
  schema: payload("Sign In Started", { userStatus, process }, [], {"userStatus":{"loginMethod":"password"}}),
});
