import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Play Time",
  description: "Seconds played (event105): MultiMedia name, type and Playtime (a number of seconds) required.",
  schema: payload("Multi-Media Play Time", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType', 'Playtime']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video","Playtime":42}}),
});
