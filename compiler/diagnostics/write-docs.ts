import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diagnosticsMarkdown } from './docs';

// `npm run docs:diagnostics`: rewrites docs/diagnostics.md from the catalogue.
const target = fileURLToPath(new URL('../../docs/diagnostics.md', import.meta.url));
writeFileSync(target, diagnosticsMarkdown());
process.stdout.write(`wrote ${target}\n`);
