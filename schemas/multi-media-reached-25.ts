import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Reached 25%",
  description: "A medium reached a quarter of its length: MultiMedia.MultiMediaName and MultiMediaType required.",
  schema: payload("Multi-Media Reached 25%", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video"}}),
});
