import { eventSchema } from '../runtime/declare';
import { payload, download, downloads } from './lib/fields';

export default eventSchema({
  event: "Content Downloads",
  description: "A document was downloaded (event12): download required, downloads.litCode optional.",
  schema: payload("Content Downloads", { download, downloads }, ["download"], {"download":{"filename":"prospectus.pdf","filelitcode":"MFGEPR-010"}}),
});
