import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Started",
  description: "A video or audio started: MultiMedia.MultiMediaName and MultiMediaType required.",
  schema: payload("Multi-Media Started", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video"}}),
});
