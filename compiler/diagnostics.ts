// Problems are data: { code, severity, file, path, message }, collected by every phase and
// reshaped only at the edge (the CLI prints them, the viewer shows them). Errors fail a build;
// warnings are printed, never thrown.

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  code: string;
  severity: Severity;
  /** Source file, relative to the project root. */
  file: string;
  /** Where inside the declaration (e.g. ['actions', 2, 'params', 'vars']). */
  path: (string | number)[];
  message: string;
  /** 1-based line and column when known (load errors). */
  line?: number;
  column?: number;
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  error(code: string, file: string, message: string, path: (string | number)[] = [], at?: { line?: number; column?: number }): void {
    this.list.push({ code, severity: 'error', file, path, message, ...at });
  }

  warn(code: string, file: string, message: string, path: (string | number)[] = []): void {
    this.list.push({ code, severity: 'warning', file, path, message });
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
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.filter((d) => d.severity === 'error').length} error(s):\n${diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n')}`);
  }
}
