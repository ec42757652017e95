import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listModules, project, rel } from '../project';

// `tagc new event "<Name>"`: adds a catalogue event to a container, following the conventions the
// container already shows rather than ones built into tagc:
// - the schema (schemas/<kebab>.ts) imports `eventSchema` the way the container's other schemas do,
//   and uses their `payload()` builder when they import one from schemas/lib/fields.ts;
// - when the container keeps an event-number table (rules/lib/event-numbers.ts, `EVENT_ROWS`), a
//   row for the event goes at its end;
// - when it builds catalogue rules from that table (rules/events/lib/catalogue-rule.ts), the event
// gets its rule, rules/events/analytics-<kebab>.ts.
// Every file is checked before any is written, so a refusal leaves the container as it was.

export interface NewEventOptions {
  /** The analytics event the row sends (event140); none: the row counts only as a named link. */
  number?: string;
  description?: string;
}

export interface NewEventResult {
  /** Files written or changed, relative to the root. */
  written: string[];
  /** Conventions the container does not have, so their step was left out. */
  skipped: string[];
}

export const kebab = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A TypeScript single-quoted string literal. */
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const TABLE = join('rules', 'lib', 'event-numbers.ts');
const TABLE_END = /^\] as const satisfies readonly EventRow\[\];$/m;
const CATALOGUE_RULE = join('rules', 'events', 'lib', 'catalogue-rule.ts');

interface SchemaStyle {
  declareFrom: string;
  payloadFrom?: string;
}

/** How the container's schemas import the authoring API (and the payload builder, if they use one). */
function schemaStyle(schemasDir: string): SchemaStyle | null {
  for (const file of listModules(schemasDir)) {
    const text = readFileSync(file, 'utf8');
    const declare = /import \{[^}]*\beventSchema\b[^}]*\} from (['"])([^'"]+)\1/.exec(text);
    if (!declare) continue;
    const payload = /import \{[^}]*\bpayload\b[^}]*\} from (['"])([^'"]+)\1/.exec(text);
    return { declareFrom: declare[2], payloadFrom: payload?.[2] };
  }
  return null;
}

function schemaSource(name: string, description: string, style: SchemaStyle): string {
  const body = style.payloadFrom
    ? `payload(${quote(name)}, {}, [], {})`
    : `{ type: 'object', properties: { event: { const: ${quote(name)} } }, required: ['event'] }`;
  return [
    `import { eventSchema } from ${quote(style.declareFrom)};`,
    ...(style.payloadFrom ? [`import { payload } from ${quote(style.payloadFrom)};`] : []),
    '',
    `// Added by tagc new event: declare the fields page code pushes with ${name}.`,
    'export default eventSchema({',
    `  event: ${quote(name)},`,
    `  description: ${quote(description)},`,
    `  schema: ${body},`,
    '});',
    '',
  ].join('\n');
}

/** Adds the event to the container at root; throws (writing nothing) when it cannot. */
export function newEvent(root: string, name: string, options: NewEventOptions = {}): NewEventResult {
  const p = project(root);
  const trimmed = name.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9 %&'()+,./:-]*$/.test(trimmed)) throw new Error(`"${name}" is not an event name (letters, digits, spaces and simple punctuation)`);
  if (options.number !== undefined && !/^event[1-9][0-9]{0,3}$/.test(options.number)) throw new Error(`--number "${options.number}" is not an analytics event (event1 … event1000)`);
  const slug = kebab(trimmed);
  const description = options.description ?? `${trimmed} (added by tagc new event; describe when the page pushes it).`;

  const style = schemaStyle(p.schemasDir);
  if (!style) throw new Error(`${rel(p, p.schemasDir)}/ has no schema to follow (no module imports eventSchema); is ${root} a container?`);
  for (const file of listModules(p.schemasDir)) {
    if (new RegExp(`event:\\s*(['"])${trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`).test(readFileSync(file, 'utf8'))) throw new Error(`${rel(p, file)} already declares "${trimmed}"`);
  }
  const writes: Array<[string, string]> = [];
  const skipped: string[] = [];
  const schemaFile = join(p.schemasDir, `${slug}.ts`);
  if (existsSync(schemaFile)) throw new Error(`${rel(p, schemaFile)} already exists`);
  writes.push([schemaFile, schemaSource(trimmed, description, style)]);

  const table = join(root, TABLE);
  if (existsSync(table)) {
    const text = readFileSync(table, 'utf8');
    if (!TABLE_END.test(text)) throw new Error(`${TABLE}: cannot find the end of EVENT_ROWS ("] as const satisfies readonly EventRow[];")`);
    if (options.number && new RegExp(`'${options.number}'`).test(text)) throw new Error(`${TABLE} already sends ${options.number}; choose a free number`);
    const events = options.number ? `[${quote(options.number)}]` : '[]';
    const row = `  mapped(${quote(trimmed)}, ${events}, {}, { description: ${quote(description)} }),\n`;
    writes.push([table, text.replace(TABLE_END, (end) => row + end)]);
  } else skipped.push(`no ${TABLE}: no event-number row`);

  if (existsSync(join(root, CATALOGUE_RULE)) && existsSync(table)) {
    const ruleFile = join(root, 'rules', 'events', `analytics-${slug}.ts`);
    if (existsSync(ruleFile)) throw new Error(`${rel(p, ruleFile)} already exists`);
    writes.push([ruleFile, `import { catalogueRule } from './lib/catalogue-rule';\n\nexport default catalogueRule(${quote(trimmed)});\n`]);
  } else skipped.push(`no ${CATALOGUE_RULE}: no catalogue rule`);

  for (const [file, content] of writes) writeFileSync(file, content);
  return { written: writes.map(([file]) => rel(p, file)), skipped };
}
