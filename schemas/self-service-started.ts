import { eventSchema } from '../runtime/declare';
import { payload, selfservice, process, tool } from './lib/fields';

export default eventSchema({
  event: "Self Service Started",
  description: "A self-service process started (event10). The spec cuts this entry off (\"remainder not shown\"), so it follows its sibling Self Service Completed: selfservice and process required, tool.processStep a boolean.",
  schema: payload("Self Service Started", { selfservice: selfservice(), process, tool: tool() }, ["selfservice","process"], {"selfservice":{"ActivityName":"change beneficiary","SessionSettings":"session"},"process":{"processStepLabel":"start"},"tool":{"processStep":true}}),
});
