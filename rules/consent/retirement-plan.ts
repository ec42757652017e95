import { overrideNoticeListener, pathStartsWith, rule, windowLoaded } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'consent-retirement-plan',
  description: "Silences the notice's click listener for 13 s on retirement-plan pages while they bind their own preference link (spec §9).",
  events: [windowLoaded()],
  conditions: [pathStartsWith(site.consent.retirementPlanPrefix)],
  order: 2,
  actions: [overrideNoticeListener({ listener: 'truste.eu.clickListener', restoreAfter: 13_000 })],
});
