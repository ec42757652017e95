import { rule } from '../../runtime/declare';
import { clickTrackingOn, trackedLinkClick } from './lib/click-tracking';

// A tracked CTA or download click becomes its catalogue event, so that its hit is sent by the
// same analytics rule as when the page pushes it (analytics-cta-clicked, analytics-content-downloads).
export default rule({
  id: 'click-tracking-push',
  description: 'Click tracking: pushes CTA Clicked for data-ea-cta-link and Content Downloads for downloads (off unless site.config enables it).',
  events: [trackedLinkClick],
  enabled: clickTrackingOn,
  actions: [
    {
      label: 'push CTA Clicked (data-ea-cta-link) or Content Downloads (download link)',
      sends: 'necessary',
      run(ctx) {
        const click = ctx.event.payload;
        if (click.type === 'cta') {
          ctx.runtime.push({ event: 'CTA Clicked', linkInfo: { linkId: click.linkId || click.href, customLinkName: click.text, linkPosition: click.linkPosition } });
        } else if (click.type === 'download') {
          ctx.runtime.push({ event: 'Content Downloads', download: { filename: click.fileName } });
        }
      },
    },
  ],
});
