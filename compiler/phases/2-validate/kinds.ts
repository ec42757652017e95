import type { z } from 'zod';
import type { Diagnostics } from '../../diagnostics';
import { parseParams, type Family } from '../../kinds/kind';
import type { KindRegistry } from '../../kinds/registry';
import { suggest } from './references';

// What every pass shares: zod issues as diagnostics, and a step's kind and params checked
// against the kind registry (nested conditions of not/anyOf as conditions in their own right).

export type Path = (string | number)[];

/** One diagnostic per zod issue: `detail` is "<path> <message>". */
export function zodIssues(error: z.ZodError, each: (detail: string, path: Path) => void): void {
  for (const issue of error.issues) each(`${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}`, issue.path as Path);
}

export function checkKind(registry: KindRegistry, family: Family, step: { kind: string; params: Record<string, unknown> }, file: string, path: Path, diagnostics: Diagnostics): void {
  const spec = registry[family].get(step.kind);
  if (!spec) {
    const hint = suggest(step.kind, registry[family].keys());
    diagnostics.report('unknown_kind', file, { family: family.replace(/s$/, ''), kind: step.kind, hint }, path);
    return;
  }
  const parsed = parseParams(spec, step);
  if (!parsed.success) zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_params', file, { kind: step.kind, detail }, [...path, 'params', ...at]));
  if (family === 'conditions') {
    // Nested conditions (not, anyOf) are checked as conditions in their own right.
    const nested = step.params.condition ? [step.params.condition] : Array.isArray(step.params.conditions) ? step.params.conditions : [];
    nested.forEach((c, i) => {
      if (c && typeof c === 'object' && typeof (c as { kind?: unknown }).kind === 'string') {
        checkKind(registry, 'conditions', c as { kind: string; params: Record<string, unknown> }, file, [...path, 'params', step.params.condition ? 'condition' : i], diagnostics);
      }
    });
  }
}
