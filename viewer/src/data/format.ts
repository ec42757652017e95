// Plain-words formatting shared by the views.

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  return `${(n / 1024).toFixed(1)} KB`;
}

/** A JSON-like param value as an analyst reads it; `{ $de }` references become «name». */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isRef(v)) return `«${v.$de}»`;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

export function isRef(v: unknown): v is { $de: string } {
  return typeof v === 'object' && v !== null && typeof (v as { $de?: unknown }).$de === 'string';
}
