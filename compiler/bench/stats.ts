// The arithmetic of paired measurements: each round measures tagc and the peer back to back, so
// their ratio in that round cancels most of the machine's drift; the summary is the median ratio
// with its spread over rounds.

/** Linear-interpolated quantile (the R-7 / spreadsheet definition), q in [0, 1]. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Median, interquartile range and extremes of a series. */
export interface Spread {
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  n: number;
}

export function spread(values: readonly number[]): Spread {
  return {
    median: quantile(values, 0.5),
    q1: quantile(values, 0.25),
    q3: quantile(values, 0.75),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    n: values.length,
  };
}

/** One figure measured for both stacks in the same rounds (index i of each list is round i). */
export interface Paired {
  tagc: Spread;
  peer: Spread;
  /** tagc / peer per round. */
  ratio: Spread;
}

/**
 * Pairs two series by round. A round where either side is missing (not a finite number) or the
 * peer's value is 0 gives no ratio; the sides' own summaries keep every value they have.
 */
export function paired(tagc: readonly number[], peer: readonly number[]): Paired {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(tagc.length, peer.length); i++) {
    const a = tagc[i];
    const b = peer[i];
    if (Number.isFinite(a) && Number.isFinite(b) && b !== 0) ratios.push(a / b);
  }
  return { tagc: spread(tagc.filter(Number.isFinite)), peer: spread(peer.filter(Number.isFinite)), ratio: spread(ratios) };
}

/** Whether each round runs tagc first: alternating, so neither side always gets the warmer machine. */
export function tagcFirst(round: number): boolean {
  return round % 2 === 0;
}
