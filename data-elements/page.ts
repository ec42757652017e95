import { dataLayerValue, derived } from '../runtime/declare';

// The data layer's `page` group (spec §3), as pushed with Page Load Started.

export const dataLayerPageName = dataLayerValue<string>('page.pageName', {
  description: 'page.pageName as pushed; the analytics name is pageName (path rules first)',
  clean: true,
});
export const siteAudience = dataLayerValue<string>('page.siteAudience', { description: 'page.siteAudience', lowerCase: true });
export const siteCountry = dataLayerValue<string>('page.siteCountry', { description: 'page.siteCountry (two letters)', lowerCase: true });
export const siteLanguage = dataLayerValue<string>('page.siteLanguage', { description: 'page.siteLanguage (en, en-gb, fr-ca...)', lowerCase: true });
export const siteSection1 = dataLayerValue<string>('page.siteSection1', { description: 'page.siteSection1' });
export const siteSection2 = dataLayerValue<string>('page.siteSection2', { description: 'page.siteSection2' });
export const siteSection3 = dataLayerValue<string>('page.siteSection3', { description: 'page.siteSection3' });
export const siteSection4 = dataLayerValue<string>('page.siteSection4', { description: 'page.siteSection4' });
export const baseURL = dataLayerValue<string>('page.baseURL', { description: 'page.baseURL (http(s) URL without query)' });
export const pageChannel = dataLayerValue<string>('page.channel', { description: 'page.channel as pushed (the analytics channel is derived by site, see channel)' });
export const webPageType = dataLayerValue<string>('page.webPageType', { description: 'page.webPageType' });
export const navigationPath = dataLayerValue<string>('page.navigationPath', { description: 'page.navigationPath' });
export const workfrontID = dataLayerValue<string>('page.workfrontID', { description: 'page.workfrontID (optional)' });
export const AAMURLCookieID = dataLayerValue<string>('page.AAMURLCookieID', { description: 'page.AAMURLCookieID (optional)' });
export const pageAdvisorID = dataLayerValue<string>('page.advisorID', { description: 'page.advisorID (the advisor the page is about); user.advisorId is userAdvisorId' });

/** Spec §3: site name is audience:country:language; a missing part stays empty (join writes null and undefined as '') so the shape never changes. */
export const siteName = derived<string>(
  ['siteAudience', 'siteCountry', 'siteLanguage'],
  ([audience, country, language]) => (audience || country || language ? [audience, country, language].join(':') : undefined),
  { description: 'audience:country:language from the page group (lower case); undefined when all three are missing' },
);
