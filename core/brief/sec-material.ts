// What a brief says from SEC data: the key fundamentals of a company, each cited to the filing its latest input was
// read from, and the open-market insider activity over the window with its most active insiders (or, for a person,
// the companies they traded), each cited to its latest Form 4.
import type { BriefFundamental, BriefInsider, BriefInsiderSummary, Citation } from '../schemas/brief.js';
import type { Fundamentals, InsiderTrade } from '../schemas/sec.js';
import { filingIndexUrl } from '../sources/sec/urls.js';
import type { Cited } from './cited.js';
import type { InsiderActivity } from './sources.js';

/** The fundamentals a brief shows, most telling first: [group, field, label]. */
const KEY_FUNDAMENTALS = [
  ['ttm', 'revenue', 'Revenue (TTM)'],
  ['ttm', 'netIncome', 'Net income (TTM)'],
  ['growth', 'revenueTtmPct', 'Revenue growth, TTM on the TTM a year before (%)'],
  ['growth', 'netIncomeTtmPct', 'Net income growth, TTM on the TTM a year before (%)'],
  ['margins', 'grossPct', 'Gross margin (%)'],
  ['margins', 'operatingPct', 'Operating margin (%)'],
  ['margins', 'netPct', 'Net margin (%)'],
  ['valuation', 'marketCap', 'Market capitalisation at the live price'],
  ['valuation', 'pe', 'Price / earnings'],
  ['valuation', 'ps', 'Price / sales'],
  ['ttm', 'freeCashFlow', 'Free cash flow (TTM)'],
  ['margins', 'fcfPct', 'Free-cash-flow margin (%)'],
  ['returns', 'roePct', 'Return on equity (%)'],
  ['balanceSheet', 'cash', 'Cash'],
  ['balanceSheet', 'totalDebt', 'Total debt'],
  ['valuation', 'evToEbitda', 'Enterprise value / EBITDA'],
  ['valuation', 'dividendYieldPct', 'Dividend yield (%)'],
] as const;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The filing of the input covering the latest period (the newest accession among its filings), or null. */
function latestFiling(inputs: Fundamentals['ttm']['revenue']['inputs']): { accession: string; period: string } | null {
  let best: { accession: string; period: string; end: string } | null = null;
  for (const i of inputs) {
    const accession = [...i.accessions].sort().at(-1);
    if (!accession) continue;
    const end = i.end ?? '';
    if (!best || end > best.end || (end === best.end && accession > best.accession))
      best = { accession, period: i.period, end };
  }
  return best && { accession: best.accession, period: best.period };
}

/** The accession numbers a brief may cite the fundamentals of `f` to: those of each key figure's latest input. */
export function fundamentalsAccessions(f: Fundamentals | null): string[] {
  return f
    ? KEY_FUNDAMENTALS.flatMap(
        ([group, field]) =>
          (f[group] as Record<string, Fundamentals['ttm']['revenue']>)[field]?.inputs.flatMap((i) => i.accessions) ??
          [],
      )
    : [];
}

/** Each key figure cited to its latest filing: at the address the stored filing gives, else its index page on EDGAR. */
export function citedFundamentals(
  f: Fundamentals | null,
  filingUrls: ReadonlyMap<string, string>,
): Cited<BriefFundamental>[] {
  if (!f) return [];
  const out: Cited<BriefFundamental>[] = [];
  for (const [group, field, label] of KEY_FUNDAMENTALS) {
    const v = (f[group] as Record<string, Fundamentals['ttm']['revenue']>)[field];
    if (!v || v.value === null) continue;
    const filing = latestFiling(v.inputs);
    const sourceUrl = filing && (filingUrls.get(filing.accession) ?? filingIndexUrl(f.cik, filing.accession));
    const value =
      group === 'ttm' || group === 'balanceSheet' || field === 'marketCap' ? Math.round(v.value) : round(v.value, 2);
    const cites: Citation[] =
      filing && sourceUrl
        ? [
            {
              id: `filing:${filing.accession}`,
              path: `/filings?company=${encodeURIComponent(f.company.key)}`,
              sourceUrl,
            },
          ]
        : [];
    out.push({
      item: {
        metric: `${group}.${field}`,
        label,
        value,
        period: filing?.period ?? null,
        accession: filing?.accession ?? null,
        sourceUrl,
      },
      cites,
    });
  }
  return out;
}

type Side = { count: number; shares: number; value: number };
const side = (): Side => ({ count: 0, shares: 0, value: 0 });
const add = (s: Side, t: InsiderTrade) => {
  s.count++;
  s.shares += t.shares ?? 0;
  s.value += t.value ?? 0;
};
const rounded = (s: Side): Side => ({ count: s.count, shares: Math.round(s.shares), value: Math.round(s.value) });

/** The open-market buys and sells of the window, with how many insiders made each. */
export function insiderSummary(a: InsiderActivity | null): BriefInsiderSummary | null {
  if (!a) return null;
  const [buys, sells] = [side(), side()];
  const [buyers, sellers] = [new Set<string>(), new Set<string>()];
  for (const t of a.trades) {
    add(t.code === 'P' ? buys : sells, t);
    for (const o of t.owners) (t.code === 'P' ? buyers : sellers).add(o.cik);
  }
  return {
    sinceDays: a.sinceDays,
    buys: { ...rounded(buys), insiders: buyers.size },
    sells: { ...rounded(sells), insiders: sellers.size },
  };
}

/**
 * One row per insider (per company for a person's own brief), most value traded first, ties by key: what each bought
 * and sold in the window, cited to the Form 4 of their latest trade.
 */
export function citedInsiders(a: InsiderActivity | null, by: 'insider' | 'company'): Cited<BriefInsider>[] {
  if (!a) return [];
  const rows = new Map<string, BriefInsider & { traded: number }>();
  // Trades come newest first: the first one seen of a row is its latest.
  for (const t of a.trades) {
    const key = by === 'insider' ? t.insider.key : t.company.key;
    let row = rows.get(key);
    if (!row) {
      row = {
        insider: t.insider,
        company: t.company,
        role: t.role,
        buys: side(),
        sells: side(),
        lastDate: t.date,
        accession: t.accession,
        sourceUrl: t.sourceUrl,
        traded: 0,
      };
      rows.set(key, row);
    }
    add(t.code === 'P' ? row.buys : row.sells, t);
    row.traded += Math.abs(t.value ?? 0);
  }
  const key = (r: BriefInsider) => (by === 'insider' ? r.insider.key : r.company.key);
  return [...rows.values()]
    .sort((x, y) => y.traded - x.traded || (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0))
    .map(({ traded: _, ...r }) => ({
      item: { ...r, buys: rounded(r.buys), sells: rounded(r.sells) },
      cites: [
        {
          id: `filing:${r.accession}`,
          path: `/insider-trades?company=${encodeURIComponent(r.company.key)}`,
          sourceUrl: r.sourceUrl,
        },
      ],
    }));
}
