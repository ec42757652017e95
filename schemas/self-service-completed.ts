import { eventSchema } from '../runtime/declare';
import { payload, selfservice, process, tool } from './lib/fields';

export default eventSchema({
  event: "Self Service Completed",
  description: "A self-service process completed (event11): selfservice and process required, tool.processStep a boolean (§3).",
  schema: payload("Self Service Completed", { selfservice: selfservice(), process, tool: tool() }, ["selfservice","process"], {"selfservice":{"ActivityName":"change beneficiary","SessionSettings":"session"},"process":{"processStepLabel":"confirmation"},"tool":{"processStep":true}}),
});
