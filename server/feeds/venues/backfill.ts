// A venue market's backfill: for each listing, the closed minutes since its last stored bar (at most the configured
// reach back) fetched as 1m klines over the venue's REST API, page after page within its request rate, and on
// perpetuals the funding and open interest history of the same hours; all of it written through the backfill service.
import { setTimeout as sleep } from 'node:timers/promises';
import { STILL_FORMING } from '../../../core/sources/history/bars.js';
import { PayloadError, type SkippedItem } from '../../../core/sources/records.js';
import {
  backfillWindow,
  barsInUsd,
  holdsWholeHour,
  hourlyDerivatives,
  joinPages,
  usdLike,
} from '../../../core/sources/venues/backfill.js';
import type { FundingHistory, OpenInterestHistory } from '../../../core/sources/venues/derivatives.js';
import { nextWindow, type RestApi, type RestRequest } from '../../../core/sources/venues/protocol.js';
import { DAY_MS, MINUTE_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { VenueBackfill } from '../../services/write/venue-backfill.js';

/** One listing to backfill: its position in the state's listings and what its venue calls it. */
export interface BackfillListing {
  index: number;
  venueSymbol: string;
  quote: string;
  fundingIntervalHours: number | null;
  usdPerQuote(): number;
  /** When its last live price arrived (NaN: none since start). */
  lastPriceMs(): number;
}

export interface BackfillContext {
  rest: RestApi;
  service: VenueBackfill;
  /** The answer's text, or null when the venue gave none (the client counts and logs it). */
  fetchText(req: RestRequest, what: string): Promise<string | null>;
  /** A payload or items that could not be read: counted and logged by the client. */
  skipped(reasons: string[], text: string): void;
  maxMs: number;
  signal: AbortSignal;
  log: Logger;
}

/** What paging through a venue's REST history needs of the backfill's context. */
export type PagingContext = Pick<BackfillContext, 'rest' | 'fetchText' | 'skipped' | 'signal'>;

/** A venue that pages the same window forever is cut off here (a day of OKX's 100-minute pages is 15). */
const MAX_PAGES = 500;
/** Funding is fetched from this long before the window, so its first hours know the rate then in force. */
const FUNDING_LEAD_MS = DAY_MS;

/** Backfills `listings` up to now; resolves when all is written (or the client stopped). */
export async function backfill(listings: BackfillListing[], ctx: BackfillContext, why: string): Promise<void> {
  ctx.service.begin();
  try {
    const last = await ctx.service.lastBars(listings.map((l) => l.index));
    for (const l of listings) {
      if (ctx.signal.aborted) return;
      const window = backfillWindow(last.get(l.index) ?? null, l.lastPriceMs(), clock.now(), ctx.maxMs);
      if (window) await backfillListing(l, window.fromMs, window.toMs, ctx, why);
    }
  } finally {
    const pooled = await ctx.service.end(!ctx.signal.aborted);
    if (pooled) ctx.log.info({ minutes: pooled }, 'venue backfill pooled the minutes no tick built');
  }
}

async function backfillListing(
  l: BackfillListing,
  fromMs: number,
  toMs: number,
  ctx: BackfillContext,
  why: string,
): Promise<void> {
  const { rest } = ctx;
  const live = l.usdPerQuote();
  const usd = live > 0 ? live : usdLike(l.quote) ? 1 : NaN;
  if (!(usd > 0)) {
    ctx.log.info(
      { listing: l.venueSymbol, quote: l.quote },
      'venue backfill skipped: the quote currency has no USD price yet',
    );
    return;
  }
  const pages = await fetchPages(
    ctx,
    fromMs,
    toMs,
    MINUTE_MS,
    (a, b) => rest.klines(l.venueSymbol, a, b),
    rest.parseKlines,
    `klines of ${l.venueSymbol}`,
  );
  const bars = barsInUsd(joinPages(pages, fromMs, toMs), usd);
  const written = await ctx.service.listingBars(l.index, bars, fromMs, toMs);
  if (l.fundingIntervalHours && holdsWholeHour(fromMs, toMs) && !ctx.signal.aborted) {
    const funding =
      rest.fundingHistory && rest.parseFundingHistory
        ? merged(
            await fetchPages(
              ctx,
              fromMs - FUNDING_LEAD_MS,
              toMs,
              1,
              (a, b) => rest.fundingHistory!(l.venueSymbol, a, b),
              rest.parseFundingHistory,
              `funding of ${l.venueSymbol}`,
            ),
          )
        : null;
    const oi =
      rest.openInterestHistory && rest.parseOpenInterest
        ? merged(
            await fetchPages(
              ctx,
              fromMs,
              toMs,
              1,
              (a, b) => rest.openInterestHistory!(l.venueSymbol, a, b),
              rest.parseOpenInterest,
              `open interest of ${l.venueSymbol}`,
            ),
          )
        : null;
    await ctx.service.derivatives(
      l.index,
      hourlyDerivatives(funding, oi, l.fundingIntervalHours, usd, bars, fromMs, toMs),
    );
  }
  ctx.log.info(
    {
      listing: l.venueSymbol,
      why,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      fetched: bars.length,
      written,
    },
    'venue backfill',
  );
}

/**
 * The pages of [fromMs, toMs) as the venue gives them, each asked for once the one before was read (forward or
 * backward as it pages) and `requestGapMs` after it; what was read before a failure is kept.
 */
export async function fetchPages<T extends { ts: Float64Array; length: number; skipped: SkippedItem[] }>(
  ctx: PagingContext,
  fromMs: number,
  toMs: number,
  stepMs: number,
  request: (fromMs: number, toMs: number) => RestRequest,
  parse: (text: string) => T,
  what: string,
): Promise<T[]> {
  const pages: T[] = [];
  let window: { fromMs: number; toMs: number } | null = { fromMs, toMs };
  for (let n = 0; window && n < MAX_PAGES; n++) {
    if (n > 0 && !(await pause(ctx))) break;
    const text = await ctx.fetchText(request(window.fromMs, window.toMs), what);
    if (text === null) break;
    let page: T;
    try {
      page = parse(text);
    } catch (err) {
      if (!(err instanceof PayloadError)) throw err;
      ctx.skipped([`${what}: ${err.message}`], text);
      break;
    }
    const faults = page.skipped.filter((s) => s.reason !== STILL_FORMING);
    if (faults.length)
      ctx.skipped(
        faults.map((s) => `${what} ${s.item}: ${s.reason}`),
        text,
      );
    pages.push(page);
    const next = nextWindow(
      ctx.rest.paging,
      window.fromMs,
      window.toMs,
      page.ts[0]!,
      page.ts[page.length - 1]!,
      stepMs,
    );
    // A page that does not shrink the window would be asked for again and again.
    window = next && next.toMs - next.fromMs < window.toMs - window.fromMs ? next : null;
  }
  return pages;
}

/** Waits the venue's gap between two requests; false when the client stopped meanwhile. */
async function pause(ctx: PagingContext): Promise<boolean> {
  try {
    await sleep(ctx.rest.requestGapMs, undefined, { signal: ctx.signal });
    return true;
  } catch {
    return false;
  }
}

/** Pages of a history as one, oldest first, one point per time. */
function merged<T extends FundingHistory | OpenInterestHistory>(pages: T[]): T | null {
  if (!pages.length) return null;
  if (pages.length === 1) return pages[0]!;
  const columns = Object.keys(pages[0]!).filter((k) => pages[0]![k as keyof T] instanceof Float64Array) as (keyof T)[];
  const order = pages.flatMap((p, k) => Array.from(p.ts, (ts, i) => ({ ts, k, i }))).sort((a, b) => a.ts - b.ts);
  const kept = order.filter((r, n) => n === 0 || r.ts !== order[n - 1]!.ts);
  const out = { ...pages[0]!, length: kept.length, skipped: pages.flatMap((p) => p.skipped) } as T;
  for (const c of columns)
    (out[c] as Float64Array) = Float64Array.from(kept, (r) => (pages[r.k]![c] as Float64Array)[r.i]!);
  return out;
}
