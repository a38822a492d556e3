// The value that counts for each period a concept was reported for. A fact is keyed on its concept, unit, start, end
// and accession (companyfacts holds only facts without dimensions); the same period comes back in later filings as a
// comparative, and when its value changed the latest filed wins and the figure says it was restated. A later filing
// that only rounds the same figure coarser ($90,678M written as $90.7B) is not a restatement, and the more precise
// value is kept.
import { type CompanyFacts, type FactSeries, NO_DAY } from '../sources/sec/companyfacts.js';

/** A number for a period and where it came from. */
export interface Figure {
  value: number;
  /** The XBRL tags it was read from (us-gaap:Revenues). */
  concepts: string[];
  accessions: string[];
  restated: boolean;
  /** How it was computed from reported figures (`q4 = fy - 9m`), null when reported as is. */
  derivation: string | null;
}

export interface ReportedPeriod {
  /** Null for an instant. */
  start: number | null;
  end: number;
  figure: Figure;
}

/**
 * A figure computed from `parts`: it cites all their tags and filings, is restated if any of them is, and its
 * derivation is its own step followed by theirs, each step once (`fcf = ocf - capex; q4 = fy - 9m`).
 */
export function computedFigure(parts: readonly Figure[], value: number, derivation: string): Figure {
  const steps = [derivation, ...parts.flatMap((p) => (p.derivation ? p.derivation.split('; ') : []))];
  return {
    value,
    concepts: [...new Set(parts.flatMap((f) => f.concepts))],
    accessions: [...new Set(parts.flatMap((f) => f.accessions))],
    restated: parts.some((f) => f.restated),
    derivation: [...new Set(steps)].join('; '),
  };
}

/** Every period of `series` with the value that counts, in the order first reported. */
export function reportedPeriods(cf: CompanyFacts, series: FactSeries): ReportedPeriod[] {
  const { start, end, value, filed, accession } = cf.facts;
  const rows = new Map<string, number[]>();
  for (let i = series.from; i < series.to; i++) {
    const key = `${start[i]}:${end[i]}`;
    const list = rows.get(key);
    if (list) list.push(i);
    else rows.set(key, [i]);
  }
  const concept = `${series.taxonomy}:${series.concept}`;
  const out: ReportedPeriod[] = [];
  for (const list of rows.values()) {
    list.sort((a, b) => filed[a]! - filed[b]! || cf.strings[accession[a]!]!.localeCompare(cf.strings[accession[b]!]!));
    let current = list[0]!;
    for (const i of list.slice(1)) {
      if (!sameFigure(value[current]!, value[i]!) || quantum(value[i]!) <= quantum(value[current]!)) current = i;
    }
    out.push({
      start: start[current] === NO_DAY ? null : start[current]!,
      end: end[current]!,
      figure: {
        value: value[current]!,
        concepts: [concept],
        accessions: [cf.strings[accession[current]!]!],
        restated: !sameFigure(value[list[0]!]!, value[current]!),
        derivation: null,
      },
    });
  }
  return out;
}

/** Whether two reported values are one figure, the coarser being the finer rounded (to 3 significant digits or more). */
export function sameFigure(a: number, b: number): boolean {
  if (a === b) return true;
  const [fine, coarse] = quantum(a) <= quantum(b) ? [a, b] : [b, a];
  const q = quantum(coarse);
  return q * 100 <= Math.abs(coarse) && Math.abs(Math.round(fine / q) * q - coarse) <= q * 1e-6;
}

/** The largest power of ten that `x` is a whole multiple of (1e8 for 90,700,000,000; 0.01 for 1.64). */
function quantum(x: number): number {
  if (x === 0) return Infinity;
  for (let k = 15; k >= -8; k--) {
    const scaled = x / 10 ** k;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return 10 ** k;
  }
  return 1e-9;
}
