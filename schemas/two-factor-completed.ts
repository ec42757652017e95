import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Two-Factor Completed",
  description: "A \"two-factor\" event: the challenge was passed; userStatus required.",
  schema: payload("Two-Factor Completed", { userStatus, process }, ["userStatus"], {"userStatus":{"loginMethod":"sms","siteLoginStatus":"logged in"}}),
});
