import { eventSchema } from '../runtime/declare';
import { payload, userStatus, process } from './lib/fields';

export default eventSchema({
  event: "Login Lockout",
  description: "The account was locked after failed logins.",
  schema: payload("Login Lockout", { userStatus, process }, ["userStatus","process"], {"userStatus":{"loginMethod":"password","siteLoginStatus":"logged out"},"process":{"processStepLabel":"advisor login","processStepValue":"lockout"}}),
});
