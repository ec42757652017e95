import { eventSchema } from '../runtime/declare';
import { payload, userStatus } from './lib/fields';

export default eventSchema({
  event: "User Signed Out",
  description: "The session ended on the server side; nothing required (§3).",
  schema: payload("User Signed Out", { userStatus }, [], {}),
});
