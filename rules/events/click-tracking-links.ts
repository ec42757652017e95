import { rule } from '../../runtime/declare';
import { analyticsConsent } from '../consent/lib/gates';
import { eventRow } from '../lib/event-numbers';
import { hitAtRunTime, hitWhenRun, varsOf } from './lib/catalogue-rule';
import { clickTrackingOn, trackedLinkClick } from './lib/click-tracking';

// Exit and UI links have no catalogue event: their link hit is sent here, named by the link's
// text (or URL) — an exit link as type e (sent with sendBeacon), a UI link as type o.
export default rule({
  id: 'click-tracking-links',
  description: 'Click tracking: exit-link hit (lnk_e) for links leaving the firm\'s domains, custom link hit for data-ea-ui-link (off unless site.config enables it).',
  events: [trackedLinkClick],
  enabled: clickTrackingOn,
  conditions: [analyticsConsent],
  actions: [
    hitWhenRun(() =>
      hitAtRunTime('send the exit or UI link hit named by the link text', varsOf(eventRow('[exit link click]')), (ctx) => {
        const click = ctx.event.payload as { type: string; text: string; href: string };
        if (click.type !== 'exit' && click.type !== 'ui') return null;
        return { linkName: click.text || click.href || 'link', linkUrl: click.href || undefined, linkType: click.type === 'exit' ? 'e' : 'o', events: [] };
      }),
    ),
  ],
});
