import { MESSAGES, type Msg } from '../../runtime/core/messages';

// docs/messages.md, generated from the runtime's message table (runtime/core/messages.ts) by
// `npm run docs:diagnostics`; a test fails when the file differs, so a prod console line can
// always be read back.

const LEVEL = { E: 'error', W: 'warning' } as const;

/** Codes in table order, E1 before E2 before E10. */
function codes(): Msg[] {
  const order = (c: string) => [c[0], Number(c.slice(1))] as const;
  return (Object.keys(MESSAGES) as Msg[]).sort((a, b) => {
    const [la, na] = order(a);
    const [lb, nb] = order(b);
    return la === lb ? na - nb : la < lb ? -1 : 1;
  });
}

export function messagesMarkdown(): string {
  const rows = codes().map((code) => `| \`${code}\` | ${LEVEL[code[0] as keyof typeof LEVEL]} | ${MESSAGES[code].replace(/\|/g, '\\|')} |`);
  return [
    '# Runtime messages',
    '',
    '<!-- Generated from runtime/core/messages.ts by `npm run docs:diagnostics`; do not edit. -->',
    '',
    "Every warning and error the runtime prints in a visitor's console. The test, dev and stg bundles",
    'print the text; the prod and internal bundles print only `[tagc] <code>` followed by the',
    'arguments, so the texts cost no visitor any bytes. Put the arguments in place of `{0}`, `{1}` …',
    'in order: `[tagc] E19 pageName x is undefined` reads',
    '`Failed to read data element "pageName": x is undefined`.',
    '',
    'Two places do that for you: the debug companion (docs/debugging.md) prints every message as its',
    'text from the moment it loads, and `tagc simulate --env prod` records prod lines in its `console`',
    'output as the text, exactly as the debug builds print it. A code is never reused for another',
    "text. Messages that a container's own code prints (its libraries and data elements) are its own",
    'text and are not listed here.',
    '',
    `${rows.length} codes:`,
    '',
    '| Code | Level | Text |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
