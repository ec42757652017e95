// Identity cookies live on the site's registrable domain (two labels: firm.example), so that
// www., advisor. and dev. pages share one visitor; localhost and IP hosts get host-only cookies.

export function cookieDomain(hostname: string): string | undefined {
  const labels = hostname.split('.');
  if (labels.length < 3 || /^\d+$/.test(labels[labels.length - 1])) return undefined;
  return `.${labels.slice(-2).join('.')}`;
}

/** The audience-management id cookie lasts 30 days. */
export const AAM_UUID_COOKIE = 'aam_uuid';
export const AAM_UUID_MAX_AGE = 30 * 86400;
/** The visit cookie: a visit ends after 30 minutes without a page. */
export const VISIT_COOKIE = 's_visit';
export const VISIT_MAX_AGE = 30 * 60;
