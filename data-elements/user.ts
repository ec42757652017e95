import { dataLayerValue } from '../runtime/declare';

// The data layer's `user` and `userStatus` groups (spec §3). Names carry the group (userPartyId,
// not partyId) because the same ids also come from cookies and local storage.

export const userPartyId = dataLayerValue<string>('user.partyId', { description: 'user.partyId' });
export const userAdvisorId = dataLayerValue<string>('user.advisorId', { description: 'user.advisorId' });
export const userInvestorId = dataLayerValue<string>('user.investorId', { description: 'user.investorId (the investor GUID)' });
export const userInvestorPartyId = dataLayerValue<string>('user.investorPartyId', { description: 'user.investorPartyId' });
export const userInstitutionalID = dataLayerValue<string>('user.institutionalID', { description: 'user.institutionalID' });
export const userInstitutionalPartyId = dataLayerValue<string>('user.institutionalPartyId', { description: 'user.institutionalPartyId' });
export const userVisionId = dataLayerValue<string>('user.visionId', { description: 'user.visionId' });
export const userPlanId = dataLayerValue<string>('user.planId', { description: 'user.planId' });
export const userPlanType = dataLayerValue<string>('user.planType', { description: 'user.planType (optional)' });
export const userPlanICU = dataLayerValue<string>('user.planICU', { description: 'user.planICU (optional)' });
export const userPlanParticipantId = dataLayerValue<string>('user.planParticipantId', { description: 'user.planParticipantId' });
export const userTracSponsorId = dataLayerValue<string>('user.tracSponsorId', { description: 'user.tracSponsorId' });
export const userToolPartyId = dataLayerValue<string>('user.toolPartyId', { description: 'user.toolPartyId (optional)' });
export const userDealerCode = dataLayerValue<string>('user.dealerCode', { description: 'user.dealerCode' });
export const userPersonaSegment = dataLayerValue<string>('user.personaSegment', { description: 'user.personaSegment' });
export const dataLayerUserRole = dataLayerValue<string>('user.userRole', { description: 'user.userRole as pushed; the role used is userRole (cookie first)' });
export const userInitials = dataLayerValue<string>('user.userInitials', { description: 'user.userInitials (optional)' });
export const userPcsSfmcId = dataLayerValue<string>('user.pcsSfmcId', { description: 'user.pcsSfmcId' });
export const userLoginMethod = dataLayerValue<string>('user.loginMethod', { description: 'user.loginMethod' });

export const userStatusLoginMethod = dataLayerValue<string>('userStatus.loginMethod', { description: 'userStatus.loginMethod (login events)' });
export const siteLoginStatus = dataLayerValue<string>('userStatus.siteLoginStatus', { description: 'userStatus.siteLoginStatus (login events)' });
