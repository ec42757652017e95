import { computed } from '../runtime/declare';
import { byAddress } from '../runtime/data-elements/page-info';
import { log } from '../runtime/core/log';
import { site } from '../rules/site.config';

/**
 * Spec §4: test for UAT/author/localhost/pre-production hosts and europe-blueprint paths;
 * development when the host contains "dev"; staging when it contains "stg"; internal for the two
 * internal hosts or portfolio-analysis pages; production otherwise and for a locally opened file.
 * Test-label checks come first so that e.g. uat-dev hosts never reach production data.
 */
export function selectReportSuite(location: Pick<Location, 'protocol' | 'hostname' | 'pathname'>): string {
  const suites = site.reportSuites;
  if (location.protocol === 'file:') return suites.production;
  const host = location.hostname;
  const path = location.pathname.toLowerCase();
  const labels = host.split('.');
  if (labels.some((l) => (site.hosts.testLabels as readonly string[]).includes(l)) || path.includes(site.paths.europeBlueprint)) {
    return suites.test;
  }
  if (host.includes('dev')) return suites.development;
  if (host.includes('stg')) return suites.staging;
  if ((site.hosts.internal as readonly string[]).includes(host) || path.includes(site.paths.portfolioAnalysis)) return suites.internal;
  return suites.production;
}

const suiteByAddress = byAddress(selectReportSuite);

export const reportSuite = computed<string>(
  ({ win }) => {
    try {
      return suiteByAddress(win);
    } catch {
      log.error('Trouble finding reporting suite');
      return site.reportSuites.test;
    }
  },
  { description: 'Reporting suite by host and path (spec §4); test suite when it cannot be found', default: site.reportSuites.test },
);
