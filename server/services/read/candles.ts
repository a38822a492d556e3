// Candles of the pooled price and of one venue listing: from memory when it holds the range, else from the database
// (bars_1m; the 1h/1d aggregates with imported history where they have none, each bar keeping its origin) read as
// columns, the live bar merged in so the open bar is always there. Returned as a view (core/candle-view.ts) that HTTP
// writes from the ring's kept blocks and MCP and brief read as objects.

import { type CandleView, firstCandleTs, memoryRun } from '../../../core/candle-view.js';
import { notFound } from '../../../core/errors.js';
import type { Bar } from '../../../core/kernels/bars.js';
import { instrumentRef } from '../../../core/refs.js';
import { BUCKET_MS, type CandleRequest } from '../../../core/requests/candles.js';
import type { HeldBars } from '../../../core/series.js';
import { OFFICIAL_SOURCES } from '../../../core/sources/history/official.js';
import type { CandleInterval } from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Caller, Db } from '../../db.js';
import type { InstrumentRow, MarketView, OpenBars } from '../../ports/index.js';
import { BAR_COLUMNS } from '../write/index.js';

/** The candle queries of each interval: the first candles from a time, or the latest before one. */
const POOLED_QUERIES = {
  '1m': { from: 'candles1mFrom', latest: 'candles1mLatest' },
  '1h': { from: 'candles1hFrom', latest: 'candles1hLatest' },
  '1d': { from: 'candles1dFrom', latest: 'candles1dLatest' },
} as const;
const LISTING_QUERIES = {
  '1m': { from: 'listingCandles1mFrom', latest: 'listingCandles1mLatest' },
  '1h': { from: 'listingCandles1hFrom', latest: 'listingCandles1hLatest' },
  '1d': { from: 'listingCandles1dFrom', latest: 'listingCandles1dLatest' },
} as const;

/** One series of candles: pooled (an instrument) or one venue listing's. */
interface Series {
  instrument: number;
  held: HeldBars;
  /** Its index in `held`. */
  index: number;
  open: Bar | null;
  /** Its database id and queries, and what else they take (the official sources the pooled 1h and 1d queries name). */
  id: number;
  queries: { from: string; latest: string };
  extra: { official?: readonly string[] };
}

/** How long where a series' held candles start is trusted: retention drops the oldest chunks once a day. */
const START_KEPT_MS = 3_600_000;

export class CandleService {
  /** One reference per instrument row, so that a view's instrument is the same object while the row is unchanged. */
  private readonly refs = new WeakMap<InstrumentRow, CandleView['instrument']>();
  /**
   * Where each series' held candles start, by its query and id, read once an hour (or after a history import); the
   * value itself once read, so that an answer from memory waits for nothing.
   */
  private readonly starts = new Map<string, Map<number, { at: number; ms: number | null | Promise<number | null> }>>();

  constructor(
    private readonly db: Db,
    private readonly state: MarketView,
    private readonly openBars: OpenBars | null,
  ) {}

  /** The pooled candles of an instrument. */
  async pooled(symbol: string, request: CandleRequest, caller?: Caller): Promise<CandleView> {
    return this.view(this.pooledSeries(symbol, request.interval), request, caller);
  }

  /** The candles of one venue listing of an instrument. */
  async listing(symbol: string, listingId: number, request: CandleRequest, caller?: Caller): Promise<CandleView> {
    return this.view(this.listingSeries(symbol, listingId, request.interval), request, caller);
  }

  private pooledSeries(symbol: string, interval: CandleInterval): Series {
    const i = this.state.require(symbol);
    const held = this.state.candles[interval];
    const extra = interval === '1m' ? {} : { official: OFFICIAL_SOURCES };
    return {
      instrument: i,
      held,
      index: i,
      open: this.openBars?.openBar(i) ?? null,
      id: this.state.instruments[i]!.id,
      queries: POOLED_QUERIES[interval],
      extra,
    };
  }

  private listingSeries(symbol: string, listingId: number, interval: CandleInterval): Series {
    const s = this.state;
    const i = s.require(symbol);
    const j = s.listingIndex(listingId);
    if (j < 0 || j < s.offsets[i]! || j >= s.offsets[i + 1]!)
      throw notFound(`Listing ${listingId} of ${s.instruments[i]!.symbol}`);
    const held = s.listingCandles[interval];
    return {
      instrument: i,
      held,
      index: j,
      open: this.openBars?.openListingBar(j) ?? null,
      id: listingId,
      queries: LISTING_QUERIES[interval],
      extra: {},
    };
  }

  private async view(series: Series, request: CandleRequest, caller?: Caller): Promise<CandleView> {
    const row = this.state.instruments[series.instrument]!;
    let instrument = this.refs.get(row);
    if (!instrument) this.refs.set(row, (instrument = instrumentRef(row)));
    const pending = this.start(series);
    const selected = series.held.held(series.index, request.fromMs)
      ? memoryRun(series.held, series.index, series.open, request)
      : await fromDatabase(this.db, series, request, caller);
    const start = pending instanceof Promise ? await pending : pending;
    // Nothing stored yet (a series that began after the last read): it starts with what the answer holds.
    const availableFrom = start ?? firstCandleTs(selected.run) ?? selected.live?.ts ?? null;
    return {
      instrument,
      interval: request.interval,
      ...selected,
      availableFrom,
      late: request.ascendingFrom && availableFrom !== null && request.fromMs < availableFrom,
    };
  }

  /** Forgets where series start: a history import may have written older candles. */
  forgetStarts(): void {
    this.starts.clear();
  }

  /** Where the series' stored candles start: its first candle from the beginning of time, read once an hour; null when unknown. */
  private start(series: Series): number | null | Promise<number | null> {
    const byId =
      this.starts.get(series.queries.from) ?? this.starts.set(series.queries.from, new Map()).get(series.queries.from)!;
    const now = clock.now();
    const kept = byId.get(series.id);
    if (kept && now - kept.at < START_KEPT_MS) return kept.ms;
    const params = { id: series.id, from: '-infinity', to: 'infinity', limit: 1, ...series.extra };
    const entry: { at: number; ms: number | null | Promise<number | null> } = { at: now, ms: null };
    entry.ms = this.db.columns(series.queries.from, params, BAR_COLUMNS).then(
      ({ length, columns }) => (entry.ms = length ? columns.ts[0]! : null),
      // Unknown while the database is away: the answer's own first candle stands in, and it is asked again next time.
      () => {
        byId.delete(series.id);
        return null;
      },
    );
    byId.set(series.id, entry);
    return entry.ms;
  }
}

/**
 * Candles from the database, read as columns, the live bar folded into the last candle of its bucket or added after
 * it; one past the limit, the newest candle (the live one) goes when counting from `from`, else the oldest does.
 */
async function fromDatabase(
  db: Db,
  series: Series,
  request: CandleRequest,
  caller?: Caller,
): Promise<Pick<CandleView, 'run' | 'live'>> {
  const { fromMs, toMs, ascendingFrom, limit, interval } = request;
  const open = series.open;
  // "All" history is an unbounded start, which PostgreSQL spells -infinity.
  const params = {
    id: series.id,
    from: Number.isFinite(fromMs) ? new Date(fromMs) : '-infinity',
    to: new Date(toMs),
    limit,
    ...series.extra,
  };
  const { length: n, columns: c } = await db.columns(
    ascendingFrom ? series.queries.from : series.queries.latest,
    params,
    BAR_COLUMNS,
    caller,
  );
  let live: Bar | null = null;
  const bucket = open ? open.ts - (open.ts % BUCKET_MS[interval]) : NaN;
  if (open && bucket >= fromMs && bucket < toMs) {
    const last = n - 1;
    if (last >= 0 && c.ts[last] === bucket) {
      c.high[last] = Math.max(c.high[last]!, open.high);
      c.low[last] = Math.min(c.low[last]!, open.low);
      c.close[last] = open.close;
      c.volume[last] = (Number.isFinite(c.volume[last]!) ? c.volume[last]! : 0) + open.volume;
      c.venues[last] = Math.max(Number.isFinite(c.venues[last]!) ? c.venues[last]! : 0, open.venues);
      // The venues' bar so far: no longer an imported close alone.
      c.origin[last] = 0;
    } else if (last < 0 || c.ts[last]! < bucket) {
      live = { ...open, ts: bucket };
    }
  }
  const over = n + (live ? 1 : 0) > limit;
  if (over && ascendingFrom) live = null;
  return { run: { from: 'database', columns: c, k0: over && !ascendingFrom ? 1 : 0, n }, live };
}
