import type { FailOn, StructureDiff } from './types';

// `--fail-on new-host,consent,removed-rule,size:+2048`: the kinds of change that make `tagc diff`
// exit non-zero (pure).

export function parseFailOn(text: string): FailOn[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item): FailOn => {
      if (item === 'new-host' || item === 'consent' || item === 'removed-rule') return { kind: item };
      const size = /^size:\+?(\d+)$/.exec(item);
      if (size) return { kind: 'size', gzipBytes: Number(size[1]) };
      throw new Error(`--fail-on: unknown condition "${item}" (new-host, consent, removed-rule, size:+<gzip bytes>)`);
    });
}

/** The conditions met, each with where (e.g. `new-host (prod: ads.example)`). */
export function failuresOf(conditions: readonly FailOn[], structure: readonly StructureDiff[]): string[] {
  const out: string[] = [];
  for (const c of conditions) {
    const where = structure.flatMap((s): string[] => {
      switch (c.kind) {
        case 'new-host':
          return s.hosts.added.map((h) => `${s.env}: ${h.host}`);
        case 'consent':
          return [...s.consent.map((x) => `${s.env}: ${x.rule}`), ...s.hosts.changed.filter((h) => h.base!.category !== h.head!.category).map((h) => `${s.env}: ${h.host}`)];
        case 'removed-rule':
          return [...s.rules.removed, ...s.switched.off.map((name) => ({ name }))].map((r) => `${s.env}: ${r.name}`);
        case 'size':
          return s.size.gzipBytes > c.gzipBytes ? [`${s.env}: +${s.size.gzipBytes} B gzip`] : [];
      }
    });
    if (where.length) out.push(`${c.kind === 'size' ? `size:+${c.gzipBytes}` : c.kind} (${[...new Set(where)].slice(0, 5).join('; ')}${where.length > 5 ? '; …' : ''})`);
  }
  return out;
}
