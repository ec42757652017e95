import { localItem } from '../runtime/declare';
import { site } from '../rules/site.config';

// Browser storage items of spec §3 (keys in site.config).

export const storedPartyId = localItem<string>(site.storage.partyId, { description: `localStorage ${site.storage.partyId}: the party id saved from the identity service (spec §7)` });
export const storedInstitutionalId = localItem<string>(site.storage.institutionalId, { description: `localStorage ${site.storage.institutionalId}: the institutional id` });
export const rpiIdentityToken = localItem<string>(site.storage.rpiIdentityToken, {
  description: `localStorage ${site.storage.rpiIdentityToken}: the retirement-plan-insights identity token (its presence means logged in)`,
});
