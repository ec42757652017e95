import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Reached 75%",
  description: "A medium reached three quarters of its length (event29): MultiMedia.MultiMediaName and MultiMediaType required.",
  schema: payload("Multi-Media Reached 75%", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video"}}),
});
