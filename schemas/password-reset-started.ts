import { eventSchema } from '../runtime/declare';
import { payload, process } from './lib/fields';

export default eventSchema({
  event: "Password Reset Started",
  description: "The spec's \"password reset\" events: the reset flow started; process optional.",
  schema: payload("Password Reset Started", { process }, [], {"process":{"processStepLabel":"request link"}}),
});
