import { eventSchema } from '../runtime/declare';
import { payload, obj, str, linkInfo, navigation } from './lib/fields';

export default eventSchema({
  event: "Global Navigation Click",
  description: "A global navigation link was clicked: page.navigationPath and linkInfo required (navigation.siteSwitcherName optional).",
  schema: payload("Global Navigation Click", { page: obj({ navigationPath: str() }, ['navigationPath']), linkInfo: linkInfo(), navigation }, ["page","linkInfo"], {"page":{"navigationPath":"header > insights > articles"},"linkInfo":{"linkId":"nav-insights","customLinkName":"Insights"}}),
});
