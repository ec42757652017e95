import { CATALOGUE, type ArgsOf, type DiagnosticCode, type Severity } from './catalogue';

// Problems are data: { code, severity, file, path, message }, collected by every phase and
// reshaped only at the edge (the CLI prints them, the viewer shows them). Errors fail a build;
// warnings are printed, never thrown. Codes, severities, messages and fixes come from the one
// catalogue (./catalogue.ts).

export { CATALOGUE, type DiagnosticCode, type Severity } from './catalogue';

export type Path = (string | number)[];

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  /** Source file, relative to the project root. */
  file: string;
  /** Where inside the declaration (e.g. ['actions', 2, 'params', 'vars']). */
  path: Path;
  message: string;
  /** How to fix it (from the catalogue). */
  fix?: string;
  /** 1-based line and column when known. */
  line?: number;
  column?: number;
}

export interface Position {
  line?: number;
  column?: number;
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  /** Records one diagnostic of a catalogued code; severity, message and fix come from the catalogue. */
  report<C extends DiagnosticCode>(code: C, file: string, args: ArgsOf<C>, path: Path = [], at: Position = {}): void {
    const spec = CATALOGUE[code] as { severity: Severity; fix: string; message(a: ArgsOf<C>): string };
    const d: Diagnostic = { code, severity: spec.severity, file, path, message: spec.message(args), fix: spec.fix };
    if (at.line !== undefined) d.line = at.line;
    if (at.column !== undefined) d.column = at.column;
    this.list.push(d);
  }

  get errors(): Diagnostic[] {
    return this.list.filter((d) => d.severity === 'error');
  }

  get warnings(): Diagnostic[] {
    return this.list.filter((d) => d.severity === 'warning');
  }
}

export function formatDiagnostic(d: Diagnostic): string {
  const at = d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : '';
  const where = d.path.length ? ` at ${d.path.join('.')}` : '';
  return `${d.severity} ${d.code}: ${d.file}${at}${where}: ${d.message}`;
}

/** Thrown by compile() when a phase found errors; carries them all. */
export class CompileError extends Error {
  /**
   * Generated TypeScript by absolute path, when the declarations got far enough to produce it,
   * so that `tagc check` refreshes the types tsc then checks against, even with other errors.
   */
  generated?: Record<string, string>;

  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.filter((d) => d.severity === 'error').length} error(s):\n${diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n')}`);
  }
}
