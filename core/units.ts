// Units the interface answers in: percentages in percent units (2.5 means 2.5%), whatever a source quotes, and a
// rate's change (a yield quoted in percent) in basis points.

/**
 * A rate quoted as a fraction (venues quote funding so: 0.0001) in percent units, null when unknown. Rounded to ten
 * decimals of a percent: far below any venue's precision, and clear of the float noise of a product (0.01, not
 * 0.010000000000000002).
 */
export function percentOf(fraction: number | null): number | null {
  return fraction === null || !Number.isFinite(fraction) ? null : Math.round(fraction * 1e12) / 1e10;
}

/** The change of a rate quoted in percent (a yield: 3.90 to 4.05) in basis points (15), to a tenth of one. */
export function basisPoints(from: number, to: number): number {
  return Math.round((to - from) * 1000) / 10;
}

/** A signed change in basis points as prose: "+15 bp", "-2.5 bp". */
export function bpText(bp: number): string {
  return `${bp > 0 ? '+' : bp < 0 ? '-' : ''}${Math.abs(bp)} bp`;
}
