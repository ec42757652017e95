import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Login Started",
  description: "Login form opened: starts the login process (event2, §4, §9).",
  schema: payload("Login Started", { userStatus, process }, ["userStatus","process"], {"userStatus":{"loginMethod":"password","siteLoginStatus":"logged out"},"process":{"processStepLabel":"advisor login","processStepValue":"started"}}),
});
