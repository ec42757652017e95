import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Reached 50%",
  description: "A medium reached half of its length: MultiMedia.MultiMediaName and MultiMediaType required.",
  schema: payload("Multi-Media Reached 50%", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video"}}),
});
