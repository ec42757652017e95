import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Login Step",
  description: "A middle step of the login process (event9 when the step is new).",
  schema: payload("Login Step", { userStatus, process }, ["userStatus","process"], {"userStatus":{"loginMethod":"password","siteLoginStatus":"logged out"},"process":{"processStepLabel":"advisor login","processStepValue":"step"}}),
});
