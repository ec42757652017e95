import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Login Complete",
  description: "The visitor logged in: completes the login process (event3).",
  schema: payload("Login Complete", { userStatus, process }, ["userStatus","process"], {"userStatus":{"loginMethod":"password","siteLoginStatus":"logged in"},"process":{"processStepLabel":"advisor login","processStepValue":"complete"}}),
});
