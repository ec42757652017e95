import { eventSchema } from '../runtime/declare';
import { payload, multiMedia, video } from './lib/fields';

export default eventSchema({
  event: "Multi-Media Chapter Click",
  description: "A chapter of a medium was chosen (event106): MultiMedia name, type and chapterName required.",
  schema: payload("Multi-Media Chapter Click", { MultiMedia: multiMedia(['MultiMediaName', 'MultiMediaType', 'chapterName']), video }, ["MultiMedia"], {"MultiMedia":{"MultiMediaName":"Outlook 2027","MultiMediaType":"video","chapterName":"Rates"}}),
});
