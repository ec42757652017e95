import { MESSAGES, type Msg } from '../../runtime/core/messages';

// docs/messages.md, generated from the runtime's message table (runtime/core/messages.ts) by
// `npm run docs:diagnostics`; a test fails when the file differs, so a prod console line can
// always be read back.

const KIND = { E: 'error', W: 'warning', F: 'failure' } as const;

/** Codes by kind (errors, warnings, failures), then number: E2 before E10. */
function codes(): Msg[] {
  const kinds = Object.keys(KIND);
  const order = (c: string) => kinds.indexOf(c[0]!) * 1e6 + Number(c.slice(1));
  return (Object.keys(MESSAGES) as Msg[]).sort((a, b) => order(a) - order(b));
}

export function messagesMarkdown(): string {
  const rows = codes().map((code) => `| \`${code}\` | ${KIND[code[0] as keyof typeof KIND]} | ${MESSAGES[code].replace(/\|/g, '\\|')} |`);
  return [
    '# Runtime messages',
    '',
    '<!-- Generated from runtime/core/messages.ts by `npm run docs:diagnostics`; do not edit. -->',
    '',
    "Every warning and error the runtime prints in a visitor's console, and every reason it gives for a",
    "failed action. The test, dev and stg bundles print the text; the prod and internal bundles print",
    'only `[tagc] <code>` followed by the arguments, so the texts cost no visitor any bytes. Put the',
    'arguments in place of `{0}`, `{1}` … in order: `[tagc] E19 pageName x is undefined` reads',
    '`Failed to read data element "pageName": x is undefined`.',
    '',
    'A code starts with its kind: `E` an error and `W` a warning printed to the console; `F` the reason',
    'an action failed or a data-layer entry was dropped, which is the message of its error: in the',
    'prod and internal bundles the code and its arguments separated by spaces (`F1 500`), also where',
    'an `E` line quotes it (`[tagc] E16 custom slow-rule F1 500`) and in the `error` of the',
    '`actionFailed` monitor event.',
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
