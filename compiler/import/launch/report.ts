// What the importer could not carry over, or carried over for a person to check, each entry
// with the rule (or data element) and the reason. Printed by the CLI and written as Markdown.

export type Finding = 'not mapped' | 'review';

export interface ReportEntry {
  finding: Finding;
  /** `rule "Checkout" (RL12…)`, or `data element "Page Name"`, or `extension "adobe-analytics"`. */
  subject: string;
  /** `condition 2 (core/src/lib/conditions/hash.js)`; empty for the subject as a whole. */
  component: string;
  reason: string;
}

export interface ImportSummary {
  library: string;
  property: string;
  stage: string;
  launchRules: number;
  rules: number;
  dataElements: number;
  renamed: [launch: string, tagc: string][];
}

export class ImportReport {
  readonly entries: ReportEntry[] = [];

  add(finding: Finding, subject: string, component: string, reason: string): void {
    this.entries.push({ finding, subject, component, reason });
  }

  count(finding: Finding): number {
    return this.entries.filter((e) => e.finding === finding).length;
  }
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function reportMarkdown(report: ImportReport, s: ImportSummary): string {
  const lines = [
    '# Launch import report',
    '',
    `Library \`${s.library}\`: property "${s.property}", ${s.stage} stage, ${s.launchRules} Launch rules → ${s.rules} tagc rules, ${s.dataElements} data elements.`,
    `${report.count('not mapped')} components not mapped, ${report.count('review')} to review. Custom code is carried over as TypeScript under \`lib/\` folders marked REVIEW.`,
    '',
  ];
  for (const finding of ['not mapped', 'review'] as const) {
    const rows = report.entries.filter((e) => e.finding === finding);
    lines.push(`## ${finding === 'not mapped' ? 'Not mapped' : 'To review'} (${rows.length})`, '');
    if (!rows.length) {
      lines.push('None.', '');
      continue;
    }
    lines.push('| Where | Component | Reason |', '| --- | --- | --- |');
    for (const e of rows) lines.push(`| ${cell(e.subject)} | ${cell(e.component || '–')} | ${cell(e.reason)} |`);
    lines.push('');
  }
  if (s.renamed.length) {
    lines.push('## Data elements renamed', '', 'tagc names data elements with JavaScript identifiers; page code calling `_satellite.getVar()` with the Launch name must use the new one (custom code was rewritten).', '');
    lines.push('| Launch | tagc |', '| --- | --- |', ...s.renamed.map(([a, b]) => `| ${cell(a)} | \`${b}\` |`), '');
  }
  return lines.join('\n');
}

/** The CLI's lines: one per finding. */
export function reportLines(report: ImportReport): string[] {
  return report.entries.map((e) => `${e.finding}: ${e.subject}${e.component ? ` › ${e.component}` : ''}: ${e.reason}`);
}
