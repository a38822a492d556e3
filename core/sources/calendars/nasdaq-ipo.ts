// Nasdaq's IPO calendar (api.nasdaq.com/api/ipo/calendar): upcoming deals on their expected pricing date and priced
// ones on theirs become catalysts known by Nasdaq's deal id; filings without a date and withdrawn deals are left out.
import type { CatalystRecord, SkippedItem } from '../records.js';
import type { CalendarRead } from './read.js';

const TABLES = [
  { path: ['upcoming', 'upcomingTable'], date: 'expectedPriceDate', confirmed: false },
  { path: ['priced'], date: 'pricedDate', confirmed: true },
] as const;

export function ipoCatalysts(data: Record<string, unknown>): CalendarRead {
  const catalysts: CatalystRecord[] = [];
  const skipped: SkippedItem[] = [];
  for (const table of TABLES) {
    let node: unknown = data;
    for (const p of table.path)
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
    const rows = node && typeof node === 'object' ? (node as { rows?: unknown }).rows : null;
    if (!Array.isArray(rows)) continue;
    rows.forEach((raw, k) => {
      const r = (raw ?? {}) as Record<string, unknown>;
      const item = `${table.path.join('.')}.rows[${k}]`;
      const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(String(r[table.date] ?? ''));
      const deal = typeof r.dealID === 'string' && r.dealID ? r.dealID : null;
      const name = typeof r.companyName === 'string' ? r.companyName.trim() : '';
      if (!deal || !name)
        return void skipped.push({ item, reason: !deal ? 'dealID: missing' : 'companyName: missing' });
      if (!m)
        return void skipped.push({
          item,
          reason: `${table.date}: expected M/D/YYYY, got ${JSON.stringify(r[table.date] ?? null)}`,
        });
      const ticker = typeof r.proposedTickerSymbol === 'string' ? r.proposedTickerSymbol : null;
      const price = typeof r.proposedSharePrice === 'string' ? r.proposedSharePrice : null;
      catalysts.push({
        source: 'calendar',
        sourceKey: `ipo:${deal}`,
        kind: 'other',
        title: `${name}${ticker ? ` (${ticker})` : ''} IPO pricing`,
        expectedAt: Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])),
        precision: 'day',
        confirmed: table.confirmed,
        description:
          [
            r.proposedExchange ? `On ${String(r.proposedExchange)}` : null,
            price ? `at $${price} a share` : null,
            r.dollarValueOfSharesOffered ? `raising ${String(r.dollarValueOfSharesOffered)}` : null,
          ]
            .filter(Boolean)
            .join(', ') || null,
        consensus: null,
        sourceUrl: 'https://www.nasdaq.com/market-activity/ipos',
        entities: [],
      });
    });
  }
  return { catalysts, skipped };
}
