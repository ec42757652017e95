import { eventSchema } from '../runtime/declare';
import { payload, abandonment, process } from './lib/fields';

export default eventSchema({
  event: "Abandonment",
  description: "A tracked form was left without submitting (event65, §4): field names only, never values.",
  schema: payload("Abandonment", { abandonment, process }, ["abandonment","process"], {"abandonment":{"lasttouchfield":"email","userinputfields":"firstName|email"},"process":{"processStepLabel":"Abandon: contact-us"}}),
});
