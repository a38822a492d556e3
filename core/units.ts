// Units the interface answers in: percentages in percent units (2.5 means 2.5%), whatever a source quotes.

/**
 * A rate quoted as a fraction (venues quote funding so: 0.0001) in percent units, null when unknown. Rounded to ten
 * decimals of a percent: far below any venue's precision, and clear of the float noise of a product (0.01, not
 * 0.010000000000000002).
 */
export function percentOf(fraction: number | null): number | null {
  return fraction === null || !Number.isFinite(fraction) ? null : Math.round(fraction * 1e12) / 1e10;
}
