// Candles of the pooled price and of one venue listing: from memory when it holds the range, else from the database
// (bars_1m; the 1h/1d aggregates with imported history where they have none) read as columns, the live bar merged in
// so the open bar is always there. HTTP gets bytes, written without per-candle objects (closed candles are slices of
// kept blocks); MCP and brief get the same candles as objects.
import type { Bar } from '../../../core/kernels/bars.js';
import { notFound } from '../../../core/errors.js';
import { instrumentRef } from '../../../core/refs.js';
import { BUCKET_MS, type CandleRequest } from '../../../core/requests/candles.js';
import type { Candle, CandleSeries } from '../../../core/schemas/candles.js';
import { candleJson, candleObject, type BarRing, type HeldBars } from '../../../core/series.js';
import type { Caller, Columns, Db } from '../../db.js';
import { RawJson } from '../../http/raw-json.js';
import type { CandleInterval } from '../../../core/vocabulary.js';
import type { MarketState } from '../../market/state.js';
import { BAR_COLUMNS, type BarColumn } from '../write/index.js';
import { CandleAnswers } from '../kept/index.js';

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

/** The open 1m bars of the tick loop; none without one. */
export interface OpenBars {
  openBar(i: number): Bar | null;
  openListingBar(j: number): Bar | null;
}

/** One series of candles: pooled (an instrument) or one venue listing's. */
interface Series {
  instrument: number;
  held: HeldBars;
  /** Its index in `held`. */
  index: number;
  open: Bar | null;
  /** Its database id and queries. */
  id: number;
  queries: { from: string; latest: string };
}

/** The candles an answer holds: a run of a ring in memory, or columns read from the database, and the live bar after. */
type Selection =
  | { from: 'memory'; ring: BarRing; s: number; i0: number; i1: number; live: Bar | null }
  | { from: 'database'; columns: Columns<BarColumn>['columns']; k0: number; n: number; live: Bar | null };

const CLOSE = Buffer.from(']}}');

export class CandleService {
  private readonly kept = new CandleAnswers();

  constructor(
    private readonly db: Db,
    private readonly state: MarketState,
    private readonly openBars: OpenBars | null,
  ) {}

  /** The pooled candles of an instrument as the HTTP answer's bytes. */
  async pooledJson(symbol: string, request: CandleRequest, caller?: Caller): Promise<RawJson> {
    const series = this.pooledSeries(symbol, request.interval);
    return this.answer(series, request, await this.select(series, request, caller));
  }

  /** The candles of one venue listing of an instrument as the HTTP answer's bytes. */
  async listingJson(symbol: string, listingId: number, request: CandleRequest, caller?: Caller): Promise<RawJson> {
    const series = this.listingSeries(symbol, listingId, request.interval);
    return this.answer(series, request, await this.select(series, request, caller));
  }

  /** The pooled candles of an instrument as objects. */
  async pooled(symbol: string, request: CandleRequest, caller?: Caller): Promise<CandleSeries> {
    const series = this.pooledSeries(symbol, request.interval);
    return this.objects(series, request, await this.select(series, request, caller));
  }

  /** The candles of one venue listing as objects. */
  async listing(symbol: string, listingId: number, request: CandleRequest, caller?: Caller): Promise<CandleSeries> {
    const series = this.listingSeries(symbol, listingId, request.interval);
    return this.objects(series, request, await this.select(series, request, caller));
  }

  private pooledSeries(symbol: string, interval: CandleInterval): Series {
    const i = this.state.require(symbol);
    const held = this.state.candles[interval];
    return { instrument: i, held, index: i, open: this.openBars?.openBar(i) ?? null, id: this.state.instruments[i]!.id, queries: POOLED_QUERIES[interval] };
  }

  private listingSeries(symbol: string, listingId: number, interval: CandleInterval): Series {
    const s = this.state;
    const i = s.require(symbol);
    const j = s.listingIndex(listingId);
    if (j < 0 || j < s.offsets[i]! || j >= s.offsets[i + 1]!) throw notFound(`Listing ${listingId} of ${s.instruments[i]!.symbol}`);
    const held = s.listingCandles[interval];
    return { instrument: i, held, index: j, open: this.openBars?.openListingBar(j) ?? null, id: listingId, queries: LISTING_QUERIES[interval] };
  }

  private select(series: Series, request: CandleRequest, caller?: Caller): Promise<Selection> | Selection {
    return series.held.held(series.index, request.fromMs) ? fromMemory(series, request) : fromDatabase(this.db, series, request, caller);
  }

  /** The answer around the candle chunks, which are sent as they are; from memory, kept while its bars are unchanged. */
  private answer(series: Series, request: CandleRequest, sel: Selection): RawJson {
    const inst = this.state.instruments[series.instrument]!;
    const build = () => [Buffer.from(`{"data":{"instrument":${JSON.stringify(instrumentRef(inst))},"interval":"${request.interval}","count":${count(sel)},"candles":[`), ...json(sel), CLOSE];
    return sel.from === 'database' ? new RawJson(build()) : this.kept.get({ ...sel, instrument: inst }, build);
  }

  private objects(series: Series, request: CandleRequest, sel: Selection): CandleSeries {
    const candles: Candle[] = [];
    if (sel.from === 'memory') {
      const { ring, s } = sel;
      for (let p = sel.i0; p < sel.i1; p++) {
        const k = ring.slot(s, p);
        candles.push(candleObject(ring.ts[k]!, ring.open[k]!, ring.high[k]!, ring.low[k]!, ring.close[k]!, ring.volume[k]!, ring.venues[k]!));
      }
    } else {
      const c = sel.columns;
      for (let k = sel.k0; k < sel.n; k++) candles.push(candleObject(c.ts[k]!, c.open[k]!, c.high[k]!, c.low[k]!, c.close[k]!, c.volume[k]!, c.venues[k]! || 0));
    }
    const { live } = sel;
    if (live) candles.push(candleObject(live.ts, live.open, live.high, live.low, live.close, live.volume, live.venues));
    return { instrument: instrumentRef(this.state.instruments[series.instrument]!), interval: request.interval, count: candles.length, candles };
  }
}

function count(sel: Selection): number {
  return (sel.from === 'memory' ? sel.i1 - sel.i0 : sel.n - sel.k0) + (sel.live ? 1 : 0);
}

/** The selected candles as JSON chunks (commas between them included). */
function json(sel: Selection): Buffer[] {
  const { live } = sel;
  let body: Buffer[];
  if (sel.from === 'memory') body = sel.ring.json(sel.s, sel.i0, sel.i1, live !== null);
  else {
    const c = sel.columns;
    const parts: string[] = [];
    for (let k = sel.k0; k < sel.n; k++) parts.push(candleJson(c.ts[k]!, c.open[k]!, c.high[k]!, c.low[k]!, c.close[k]!, c.volume[k]!, c.venues[k]! || 0));
    body = parts.length ? [Buffer.from(parts.join(',') + (live ? ',' : ''))] : [];
  }
  if (live) body.push(Buffer.from(candleJson(live.ts, live.open, live.high, live.low, live.close, live.volume, live.venues)));
  return body;
}

/** Candles of a series held in memory, with the open bucket (closed finer bars and the live 1m bar) last. */
function fromMemory(series: Series, { fromMs, toMs, ascendingFrom, limit }: CandleRequest): Selection {
  const { held, index: s } = series;
  const ring = held.ring;
  const live = held.live(s, series.open);
  const withLive = live !== null && live.ts >= fromMs && live.ts < toMs;
  let i0 = ring.lowerBound(s, fromMs);
  let i1 = ring.lowerBound(s, toMs);
  if (ascendingFrom) i1 = Math.min(i1, i0 + limit);
  else i0 = Math.max(i0, i1 - (limit - (withLive ? 1 : 0)));
  return { from: 'memory', ring, s, i0, i1, live: withLive && i1 - i0 < limit ? live : null };
}

/**
 * Candles from the database, read as columns, the live bar folded into the last candle of its bucket or added after
 * it; one past the limit, the newest candle (the live one) goes when counting from `from`, else the oldest does.
 */
async function fromDatabase(db: Db, series: Series, request: CandleRequest, caller?: Caller): Promise<Selection> {
  const { fromMs, toMs, ascendingFrom, limit, interval } = request;
  const open = series.open;
  // "All" history is an unbounded start, which PostgreSQL spells -infinity.
  const params = { id: series.id, from: Number.isFinite(fromMs) ? new Date(fromMs) : '-infinity', to: new Date(toMs), limit };
  const { length: n, columns: c } = await db.columns(ascendingFrom ? series.queries.from : series.queries.latest, params, BAR_COLUMNS, caller);
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
    } else if (last < 0 || c.ts[last]! < bucket) {
      live = { ...open, ts: bucket };
    }
  }
  const over = n + (live ? 1 : 0) > limit;
  if (over && ascendingFrom) live = null;
  return { from: 'database', columns: c, k0: over && !ascendingFrom ? 1 : 0, n, live };
}
