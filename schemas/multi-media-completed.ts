import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Completed",
  description: "A medium played to its end: MultiMedia.MultiMediaName and MultiMediaType required.",
  schema: payload("Multi-Media Completed", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video"}}),
});
