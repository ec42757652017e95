import { eventSchema } from '../runtime/declare';
import { payload, multiMedia } from './lib/fields';

export default eventSchema({
  event: "Podcast Play Time",
  description: "Seconds of a podcast played; nothing required (§3), MultiMedia.Playtime a number of seconds when present.",
  schema: payload("Podcast Play Time", { MultiMedia: multiMedia() }, [], {"MultiMedia":{"MultiMediaName":"The Long View","MultiMediaType":"podcast","Playtime":30}}),
});
