// Which history sources are official prices (an exchange's closes), by the name their bars are stored under, and how
// such a price is labelled: the interface's priceLabel rule names the source of any price not pooled from 24/7 venues.

/** The label of each official source's prices. */
const LABELS: Readonly<Record<string, string>> = { stooq: 'official close (Stooq)' };

/** The official sources in a fixed order: a candle's origin code is a source's place here plus one (0: the venues). */
export const OFFICIAL_SOURCES: readonly string[] = Object.keys(LABELS);

/** How prices stored under `source` are labelled when they are official; null for a venue's (or no) source. */
export function officialLabel(source: string | null): string | null {
  return source !== null && Object.hasOwn(LABELS, source) ? LABELS[source]! : null;
}

/** The label of a candle's origin code: null for a bar pooled from venues. */
export function originLabel(code: number): string | null {
  return code > 0 ? officialLabel(OFFICIAL_SOURCES[code - 1] ?? null) : null;
}
