// A community earnings calendar keyed by ticker ({"AAPL": {date, quarter, period_end, source, ...}}): each company's
// next report an earnings catalyst known by its ticker and fiscal quarter, so a report date that moves keeps its
// catalyst. Not an official source: the dates are unconfirmed, and each cites the source the calendar names.
import { instrumentRef } from '../../refs.js';
import type { CatalystRecord, SkippedItem } from '../records.js';
import { type CalendarRead, isoDay } from './read.js';

export function earningsCatalysts(byTicker: Record<string, unknown>): CalendarRead {
  const catalysts: CatalystRecord[] = [];
  const skipped: SkippedItem[] = [];
  for (const [ticker, raw] of Object.entries(byTicker)) {
    const e = (raw ?? {}) as Record<string, unknown>;
    const day = isoDay(e.date);
    const quarter = typeof e.quarter === 'string' && /^FY\d{2}Q[1-4]$/.test(e.quarter) ? e.quarter : null;
    if (!/^[A-Z0-9.-]{1,10}$/.test(ticker)) skipped.push({ item: ticker, reason: 'not a ticker' });
    else if (Number.isNaN(day))
      skipped.push({ item: ticker, reason: `date: expected YYYY-MM-DD, got ${JSON.stringify(e.date)}` });
    else if (!quarter)
      skipped.push({ item: ticker, reason: `quarter: expected FYyyQn, got ${JSON.stringify(e.quarter)}` });
    else {
      const source = typeof e.source === 'string' ? e.source.trim() : '';
      catalysts.push({
        source: 'calendar',
        sourceKey: `earnings:${ticker}:${quarter}`,
        kind: 'earnings',
        title: `${ticker} ${quarter} results`,
        expectedAt: day,
        precision: 'day',
        confirmed: false,
        description: typeof e.period_end === 'string' ? `Fiscal quarter ending ${e.period_end}.` : null,
        consensus: null,
        sourceUrl: /^https?:\/\//.test(source)
          ? source
          : /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(source)
            ? `https://${source}`
            : null,
        entities: [instrumentRef({ symbol: ticker, name: ticker })],
      });
    }
  }
  return { catalysts, skipped };
}
