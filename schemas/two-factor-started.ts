import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Two-Factor Started",
  description: "The spec's \"two-factor\" events: a second-factor challenge was shown; userStatus.loginMethod names the factor.",
  schema: payload("Two-Factor Started", { userStatus, process }, [], {"userStatus":{"loginMethod":"sms"}}),
});
