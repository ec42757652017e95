import { eventSchema } from '../runtime/declare';
import { payload, selfservice, process } from './lib/fields';

export default eventSchema({
  event: "Account Activity",
  description: "An account self-service activity happened; selfservice.ActivityName is required.",
  schema: payload("Account Activity", { selfservice: selfservice(['ActivityName']), process }, ["selfservice"], {"selfservice":{"ActivityName":"update address"}}),
});
