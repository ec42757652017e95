import { eventSchema } from '../runtime/declare';
import { payload, tool, survey } from './lib/fields';

export default eventSchema({
  event: "Poll Vote",
  description: "A poll was answered (event104); tool.pollAnswer required, survey optional.",
  schema: payload("Poll Vote", { tool: tool(['pollAnswer']), survey }, ["tool"], {"tool":{"toolId":"insights-poll","pollAnswer":"yes"}}),
});
