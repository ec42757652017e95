import { eventSchema } from '../runtime/declare';
import { page, payload, user } from './lib/fields';

export default eventSchema({
  event: 'Page Load Started',
  description: 'Page context pushed at the top of every page (spec §3, §5): page and user with their listed fields; baseURL, siteCountry and siteLanguage formats from §5.',
  schema: payload('Page Load Started', { page, user }, ['page', 'user'], {
    page: {
      baseURL: 'https://www.firm.example/us/funds.html',
      channel: 'US sites',
      pageName: 'us > funds',
      siteCountry: 'us',
      webPageType: 'fund listing',
      siteAudience: 'advisor',
      siteLanguage: 'en',
      siteSection1: 'us',
      siteSection2: 'funds',
      siteSection3: '',
      siteSection4: '',
      navigationPath: 'header > funds',
    },
    user: {
      planId: '',
      partyId: 'P123',
      userRole: 'advisor',
      visionId: '',
      advisorId: 'A42',
      pcsSfmcId: '',
      dealerCode: '',
      investorId: '',
      tracSponsorId: '',
      personaSegment: 'generic',
      institutionalID: '',
      investorPartyId: '',
      planParticipantId: '',
      institutionalPartyId: '',
    },
  }),
});
