import { CATALOGUE, type CodeSpec, type DiagnosticCode } from './catalogue';

// docs/diagnostics.md, generated from the catalogue (`npm run docs:diagnostics`); a test fails
// when the file differs from what this returns, so the docs cannot fall behind the codes.

const ORDER: DiagnosticCode[] = Object.keys(CATALOGUE) as DiagnosticCode[];

function section(code: DiagnosticCode): string {
  const spec = CATALOGUE[code] as CodeSpec<unknown>;
  return [
    `## \`${code}\``,
    '',
    `**${spec.severity}** · ${spec.title}.`,
    '',
    'Example:',
    '',
    '```',
    `${spec.severity} ${code}: <file>: ${spec.message(spec.example)}`,
    '```',
    '',
    `Fix: ${spec.fix}`,
    '',
  ].join('\n');
}

export function diagnosticsMarkdown(): string {
  const errors = ORDER.filter((c) => CATALOGUE[c].severity === 'error').length;
  return [
    '# Diagnostics',
    '',
    '<!-- Generated from compiler/diagnostics/catalogue.ts by `npm run docs:diagnostics`; do not edit. -->',
    '',
    `Every problem \`tagc check\` and \`tagc build\` can report, with its code. ${errors} error codes (the`,
    `build fails and \`build/\` is left as it was); ${ORDER.length - errors} warning(s) (printed, and shown in the viewer's`,
    'Diagnostics view). The CLI prints each as `<severity> <code>: <file>[:line:column] at <path>: <message>`',
    'followed by `fix:` and the fix below. The path names the place inside the declaration',
    '(`conditions.0.params.left`); `line:column` is that place in the module\'s text (a syntax error\'s',
    'own position, else the deepest key of the path the source spells out, such as `conditions:` and its',
    'element), given whenever the source has one.',
    'All problems are collected before the build stops, so one run lists every one.',
    '',
    '| Code | Severity | Meaning |',
    '| --- | --- | --- |',
    ...ORDER.map((c) => `| [\`${c}\`](#${c}) | ${CATALOGUE[c].severity} | ${CATALOGUE[c].title} |`),
    '',
    ...ORDER.map(section),
  ].join('\n');
}
