import { eventSchema } from '../runtime/declare';
import { payload, process, str } from './lib/fields';

export default eventSchema({
  event: "Error Message Presented",
  description: "A form error was shown (event66): process and formFieldError required.",
  schema: payload("Error Message Presented", { process, formFieldError: str() }, ["process","formFieldError"], {"process":{"processStepLabel":"contact details"},"formFieldError":"email: invalid address"}),
});
