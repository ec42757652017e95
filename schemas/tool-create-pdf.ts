import { eventSchema } from '../runtime/declare';
import { payload, tool } from './lib/fields';

export default eventSchema({
  event: "Tool Create PDF",
  description: "A tool produced a PDF; nothing required (§3).",
  schema: payload("Tool Create PDF", { tool: tool() }, [], {"tool":{"toolId":"portfolio-analyzer"}}),
});
