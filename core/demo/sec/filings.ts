// The filings behind each demo quarter an earnings story reported, on EDGAR's calendar: the release as an 8-K (items
// 2.02 and 9.01) when the story came out, then the quarter's 10-Q, or the year's 10-K after the fourth quarter, one to
// three trading days later before the open. Only what was accepted before the anchor is filed; the quarters before
// the demo's history are known only as these filings' comparatives. Accession numbers are the company's
// own (it files as its own agent), numbered in the order it filed each year.
import { newYorkTime } from '../../calendar/new-york-time.js';
import { DAY_MS, MINUTE_MS } from '../../time.js';
import { hash32 } from '../history.js';
import { isoDate, newYorkDate, newYorkWall, tradingDaysFrom } from './clock.js';
import type { DemoFiler } from './filers.js';
import type { DemoQuarter } from './quarters.js';

export type OwnForm = '8-K' | '10-Q' | '10-K';

export interface DemoFiling {
  form: OwnForm | '4';
  accession: string;
  /** Epoch ms when EDGAR accepted it. */
  acceptedAt: number;
  /** YYYY-MM-DD (New York). */
  filingDate: string;
  reportDate: string;
  items: string[];
  primaryDocument: string;
  primaryDocDescription: string;
  size: number;
  xbrl: boolean;
  /** For a 10-Q or 10-K, the quarter it reports (the year's last for a 10-K). */
  quarter: DemoQuarter | null;
}

const compact = (date: string) => date.replaceAll('-', '');

/** The 8-Ks, 10-Qs and 10-Ks of `quarters` accepted before `anchorMs`, in the order filed, with accession numbers. */
export function ownFilings(filer: DemoFiler, quarters: readonly DemoQuarter[], anchorMs: number): DemoFiling[] {
  const ticker = filer.symbol.toLowerCase();
  const drafts: Omit<DemoFiling, 'accession'>[] = [];
  for (const q of quarters) {
    if (!q.story) continue;
    const release = q.story.occurredAt;
    const releaseDate = newYorkDate(release);
    drafts.push({
      form: '8-K',
      acceptedAt: release + (10 + (hash32(`${filer.symbol}/${release}`) % 20)) * MINUTE_MS,
      filingDate: releaseDate,
      reportDate: releaseDate,
      items: ['2.02', '9.01'],
      primaryDocument: `${ticker}-${compact(releaseDate)}.htm`,
      primaryDocDescription: '8-K',
      size: 380_000 + (hash32(releaseDate) % 90_000),
      xbrl: true,
      quarter: null,
    });
    const wall = newYorkWall(release);
    const day = tradingDaysFrom(wall - (wall % DAY_MS), 1 + (hash32(`${filer.symbol}/${releaseDate}/report`) % 3));
    const form: OwnForm = q.quarter === 4 ? '10-K' : '10-Q';
    const periodEnd = isoDate(q.end);
    drafts.push({
      form,
      acceptedAt: newYorkTime(day, 6, 1 + (hash32(periodEnd) % 50)),
      filingDate: isoDate(day),
      reportDate: periodEnd,
      items: [],
      primaryDocument: `${ticker}-${compact(periodEnd)}.htm`,
      primaryDocDescription: form,
      size: (form === '10-K' ? 9_000_000 : 5_000_000) + (hash32(`${ticker}${periodEnd}`) % 900_000),
      xbrl: true,
      quarter: q,
    });
  }
  const filed = drafts.filter((f) => f.acceptedAt < anchorMs).sort((a, b) => a.acceptedAt - b.acceptedAt);
  const perYear = new Map<string, number>();
  return filed.map((f) => {
    const yy = f.filingDate.slice(2, 4);
    const n = (perYear.get(yy) ?? 0) + 1;
    perYear.set(yy, n);
    return { ...f, accession: `${filer.cik}-${yy}-${String(n).padStart(6, '0')}` };
  });
}
