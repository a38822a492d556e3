// Numbers as people read them in text: compact dollar amounts, prices to the cent, signed percentages. For prose
// and Markdown only: JSON answers keep their numbers exact.

const formats = new Map<string, Intl.NumberFormat>();

/**
 * `x` grouped with `min` to `max` decimals (97,123.46). One formatter per shape, made once: `toLocaleString` builds
 * a new one on every call, which costs tens of microseconds and made a page of numbers CPU-bound.
 */
export function decimals(x: number, min: number, max = min): string {
  const key = `${min}:${max}`;
  let f = formats.get(key);
  if (!f)
    formats.set(key, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })));
  return f.format(x);
}

/** A count scaled to its size: 15.20B, 456.7M, 12.3K, 999. */
export function compact(x: number): string {
  const abs = Math.abs(x);
  const sign = x < 0 ? '-' : '';
  if (abs >= 1e12) return `${sign}${(abs / 1e12).toFixed(2)}T`;
  if (abs >= 1e9) return `${sign}${(abs / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${sign}${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${sign}${(abs / 1e3).toFixed(1)}K`;
  return `${sign}${decimals(abs, 0, 2)}`;
}

/** A USD amount scaled to its size: $3.45T, $1.23B, $456.7M, $12.3K, $999.50, and none as $0. */
export function usdCompact(x: number): string {
  if (x === 0) return '$0';
  const abs = Math.abs(x);
  return `${x < 0 ? '-' : ''}$${abs >= 1e3 ? compact(abs) : abs.toFixed(2)}`;
}

/** A USD amount to one decimal of its scale, as a page's figures read: $3.5T, $391.0B, $456.7M, $12.3K, $999.50. */
export function usdShort(x: number): string {
  const abs = Math.abs(x);
  const sign = x < 0 ? '-' : '';
  for (const [scale, suffix] of [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ] as const) {
    if (abs >= scale) return `${sign}$${(abs / scale).toFixed(1)}${suffix}`;
  }
  return x === 0 ? '$0' : `${sign}$${abs.toFixed(2)}`;
}

/**
 * A price or per-share figure: grouped, to the cent from 1 up (97,123.46), to four significant digits below 1
 * (0.5120, 0.00001234), so that a small coin's price does not read as zero.
 */
export function amount(x: number): string {
  if (Math.abs(x) >= 1 || x === 0) return decimals(x, 2);
  return x.toFixed(Math.min(20, 3 - Math.floor(Math.log10(Math.abs(x)))));
}

/** A per-share dollar figure (earnings per share, a trade's price): to the cent, grouped, $1.23, -$0.05. */
export const perShare = (x: number) => `${x < 0 ? '-' : ''}$${decimals(Math.abs(x), 2)}`;

/** A price in its currency: $1.23 for USD, 4.30% for a yield quoted in percent, 145.20 JPY for the rest. */
export function price(x: number, currency: string): string {
  if (currency === 'USD') return x < 0 ? `-$${amount(-x)}` : `$${amount(x)}`;
  if (currency === 'PCT') return `${amount(x)}%`;
  return `${amount(x)} ${currency}`;
}

/** A change in percent with its sign: +1.25%, -0.40%, +0.00%. */
export function signedPct(x: number, digits = 2): string {
  const shown = Math.abs(x).toFixed(digits);
  return `${x < 0 && Number(shown) !== 0 ? '-' : '+'}${shown}%`;
}

/** A level in percent (a margin, a yield): 46.21%, -3.10%. */
export const pct = (x: number, digits = 2) => `${x.toFixed(digits)}%`;

/** A count or a value in its own units with thousands grouped and every digit kept: 1,234,567.891. */
export const grouped = (x: number) => decimals(x, 0, 20);
