import { eventSchema } from '../runtime/declare';
import { payload, heartbeat } from './lib/fields';

export default eventSchema({
  event: "Page Heartbeat",
  description: "Sent every 30 s on the page; heartbeat.30secondspagename required.",
  schema: payload("Page Heartbeat", { heartbeat }, ["heartbeat"], {"heartbeat":{"30secondspagename":"us > funds"}}),
});
