import { dataLayerValue } from '../runtime/declare';

// The data layer's `page` group (spec §3), as pushed with Page Load Started.

export const pageName = dataLayerValue<string>('page.pageName', { description: 'page.pageName from the data layer', clean: true });
export const siteAudience = dataLayerValue<string>('page.siteAudience', { description: 'page.siteAudience', lowerCase: true });
export const siteCountry = dataLayerValue<string>('page.siteCountry', { description: 'page.siteCountry (two letters)', lowerCase: true });
export const siteLanguage = dataLayerValue<string>('page.siteLanguage', { description: 'page.siteLanguage (en, en-gb, fr-ca...)', lowerCase: true });
export const siteSection1 = dataLayerValue<string>('page.siteSection1');
export const siteSection2 = dataLayerValue<string>('page.siteSection2');
export const siteSection3 = dataLayerValue<string>('page.siteSection3');
export const siteSection4 = dataLayerValue<string>('page.siteSection4');
export const baseURL = dataLayerValue<string>('page.baseURL');
export const pageChannel = dataLayerValue<string>('page.channel', { description: 'page.channel as pushed (the analytics channel is derived by site, see channel)' });
export const webPageType = dataLayerValue<string>('page.webPageType');
export const navigationPath = dataLayerValue<string>('page.navigationPath');
export const workfrontID = dataLayerValue<string>('page.workfrontID');
export const AAMURLCookieID = dataLayerValue<string>('page.AAMURLCookieID');
export const pageAdvisorID = dataLayerValue<string>('page.advisorID');
