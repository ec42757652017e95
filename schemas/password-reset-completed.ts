import { eventSchema } from '../runtime/declare';
import { payload, process } from './lib/fields';

export default eventSchema({
  event: "Password Reset Completed",
  description: "A \"password reset\" event: the new password was saved; process optional.",
  schema: payload("Password Reset Completed", { process }, [], {"process":{"processStepLabel":"saved"}}),
});
