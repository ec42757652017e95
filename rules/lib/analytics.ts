import { de } from '../../runtime/declare';
import { sendPageView } from '../../runtime/actions/analytics-page-view';
import { site } from '../site.config';

/** The container's page-view action: the firm's tracking server and reporting-suite selection. */
export const pageView = (vars: Record<string, unknown>) =>
  sendPageView({ trackingServer: site.hosts.trackingServer, reportSuite: de('reportSuite'), vars });
