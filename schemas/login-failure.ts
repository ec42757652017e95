import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Login Failure",
  description: "A login attempt failed (event4).",
  schema: payload("Login Failure", { userStatus, process }, ["userStatus","process"], {"userStatus":{"loginMethod":"password","siteLoginStatus":"logged out"},"process":{"processStepLabel":"advisor login","processStepValue":"failure"}}),
});
