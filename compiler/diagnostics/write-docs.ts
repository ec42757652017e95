import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diagnosticsMarkdown } from './docs';
import { messagesMarkdown } from './messages-docs';

// `npm run docs:diagnostics`: rewrites docs/diagnostics.md from the compiler's catalogue and
// docs/messages.md from the runtime's message table.
for (const [file, text] of [
  ['diagnostics.md', diagnosticsMarkdown()],
  ['messages.md', messagesMarkdown()],
] as const) {
  const target = fileURLToPath(new URL(`../../docs/${file}`, import.meta.url));
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
