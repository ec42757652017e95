import { consentGranted } from '../../../runtime/declare';
import { site } from '../../site.config';

/**
 * The analytics gate of spec §6: analytics consent, except on the advisor client-accounts home
 * page. Put it in an analytics rule's conditions; the compiler's consent proof accepts it.
 */
export const analyticsConsent = consentGranted('analytics', { exceptPaths: [site.paths.clientAccountsHome] });
