// Builds the hot market state from the database: the instruments and listings, each instrument's previous daily
// close, and the candles memory holds (pooled and per listing), the open coarser buckets rebuilt from the 1m bars (or,
// without any, the bars imported for them); and reads one series' candles again once bars were written under what
// memory held (a venue's backfill, a history import).
import { type Bar, barAt } from '../../core/kernels/bars.js';
import type { HeldBars } from '../../core/series.js';
import { DAY_MS, MINUTE_MS } from '../../core/time.js';
import type { CandleInterval } from '../../core/vocabulary.js';
import type { MarketStore, SeriesKind } from '../services/write/market-store.js';
import { MarketState } from './state.js';

export interface LoadedMarket {
  state: MarketState;
  /**
   * The 1m bars of the current minute, cut short by the last shutdown, by instrument and by listing index: for the tick
   * loop to carry on rather than to hold as closed. Empty without `resume`.
   */
  cutShort: { instruments: [number, Bar][]; listings: [number, Bar][] };
}

export interface MarketMemory {
  staleMs: number;
  minuteBarsDays: number;
  hourBarsDays: number;
  listingMinuteBarsDays: number;
}

/**
 * Rows one held-candles query answers at most, by the series it asks for. Each query costs about 13 ms on the embedded
 * database before its first row (the views over real-time aggregates are planned anew), so series are read together;
 * the bound keeps each answer's column arrays to a few megabytes.
 */
const HELD_ROWS_PER_QUERY = 100_000;
/**
 * Reads asked for ahead of the answer being put in memory. The embedded database answers one query at a time on its
 * own thread: with the next query already asked, it works on it while this thread parses the answer before (a demo
 * start's load, 4.7 s one by one). More ahead would only hold more answers in memory at once.
 */
const READS_AHEAD = 1;

/** One read of the load: asks its query, and resolves to what puts the answer in memory. */
type Read = () => Promise<() => void>;

const read =
  <T>(query: () => Promise<T>, apply: (answer: T) => void): Read =>
  () =>
    query().then((answer) => () => apply(answer));

/** Loads the market state at `nowMs`; with `resume`, a tick loop will carry on the minute that was open. */
export async function loadMarket(
  store: MarketStore,
  memory: MarketMemory,
  nowMs: number,
  resume: boolean,
): Promise<LoadedMarket> {
  const { instruments, listings } = await store.universe();
  const state = new MarketState(instruments, listings, memory.staleMs, {
    minuteDays: memory.minuteBarsDays,
    hourDays: memory.hourBarsDays,
    listingMinuteDays: memory.listingMinuteBarsDays,
  });
  const previousCloses = read(
    () => store.previousCloses(nowMs - (nowMs % DAY_MS)),
    (closes) =>
      instruments.forEach((inst, i) => {
        const close = closes.get(inst.id);
        if (close !== undefined) state.previousClose[i] = close;
      }),
  );
  const cutShort: LoadedMarket['cutShort'] = { instruments: [], listings: [] };
  const pooled = candleReads(
    store,
    'pooled',
    state.candles,
    instruments.map((i) => i.id),
    nowMs,
    resume,
    cutShort.instruments,
  );
  const own = candleReads(
    store,
    'listing',
    state.listingCandles,
    listings.map((l) => l.id),
    nowMs,
    resume,
    cutShort.listings,
  );
  await readAll([previousCloses, ...pooled.reads, ...own.reads]);
  pooled.fold();
  own.fold();
  return { state, cutShort };
}

/** Runs `reads` in order, each answer applied before the next, with READS_AHEAD queries asked before they are needed. */
async function readAll(reads: Read[]): Promise<void> {
  const asked: Promise<() => void>[] = [];
  for (let k = 0; k < reads.length; k++) {
    while (asked.length < reads.length && asked.length <= k + READS_AHEAD) {
      const answer = reads[asked.length]!();
      // Awaited in its turn; a failure meanwhile is not an unhandled rejection.
      answer.catch(() => undefined);
      asked.push(answer);
    }
    (await asked[k]!)();
  }
}

/**
 * The reads of the candles memory holds of one kind of series (`ids`: their database ids in series order): the closed
 * ones of each interval; and `fold`, run after them, rebuilding the open coarser buckets from the 1m bars (a pooled
 * bucket without any takes the bar imported for it). With `resume`, the 1m bars of the current minute go to `cutShort`
 * instead of being held.
 */
function candleReads(
  store: MarketStore,
  kind: SeriesKind,
  candles: Record<CandleInterval, HeldBars>,
  ids: number[],
  now: number,
  resume: boolean,
  cutShort: [number, Bar][],
): { reads: Read[]; fold(): void } {
  const minute = now - (now % MINUTE_MS);
  const index = new Map(ids.map((id, s) => [id, s]));
  const reads: Read[] = [];
  const opens: [CandleInterval, number, Bar][] = [];
  for (const interval of ['1m', '1h', '1d'] as const) {
    const held = candles[interval];
    const bucket = now - (now % held.bucketMs);
    const windowStart = bucket - held.ring.capacity * held.bucketMs;
    // The open coarser buckets are not read: they are folded from the 1m bars below (or, with none, are the bars
    // imported for them). The current minute is.
    const before = interval === '1m' ? minute + MINUTE_MS : bucket;
    if (kind === 'pooled' && interval !== '1m') {
      reads.push(
        read(
          () => store.openImported(interval, ids, bucket),
          (rows) => {
            for (let k = 0; k < rows.length; k++)
              opens.push([interval, index.get(rows.columns.series[k]!)!, barAt(rows.columns, k)]);
          },
        ),
      );
    }
    const perQuery = Math.max(1, Math.floor(HELD_ROWS_PER_QUERY / held.ring.capacity));
    for (let first = 0; first < ids.length; first += perQuery) {
      const batch = ids.slice(first, first + perQuery);
      reads.push(
        read(
          () => store.heldCandles(kind, interval, batch, windowStart, before),
          (rows) => {
            for (let k = 0; k < rows.length; k++) {
              const s = index.get(rows.columns.series[k]!)!;
              const bar = barAt(rows.columns, k);
              if (resume && bar.ts >= minute) cutShort.push([s, bar]);
              else
                held.ring.push(s, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues, bar.origin);
            }
          },
        ),
      );
    }
    reads.push(
      read(
        () => store.oldestCandles(kind, interval),
        (rows) => {
          for (const row of rows)
            if (row.ts !== null && row.ts < windowStart) held.from[index.get(row.id)!] = windowStart;
        },
      ),
    );
  }
  const fold = () => {
    const minutes = candles['1m'].ring;
    for (const interval of ['1h', '1d'] as const) {
      const held = candles[interval];
      for (let s = 0; s < ids.length; s++) {
        for (let p = minutes.lowerBound(s, now - (now % held.bucketMs)); p < minutes.size(s); p++)
          held.fold(s, barAt(minutes, minutes.slot(s, p)));
      }
    }
    for (const [interval, s, bar] of opens) candles[interval].seed(s, bar);
  };
  return { reads, fold };
}

/**
 * Reads the held candles of series `s` (database id `id`) again at `now`, after bars were written under what memory
 * held: each interval's closed candles from the database, then those memory closed since that the database may not
 * have yet (their writes pending), and the open coarser buckets folded again from the 1m bars (or, without any, the
 * bars imported for them). The reads come first; the swap runs without a pause, so no tick comes between. Memory then
 * holds every bar from its window's start on, or from `from` (per interval, what it was before the write) when that is
 * later.
 */
export async function reloadSeries(
  store: MarketStore,
  kind: SeriesKind,
  candles: Record<CandleInterval, HeldBars>,
  s: number,
  id: number,
  now: number,
  from: Partial<Record<CandleInterval, number>>,
): Promise<void> {
  const minute = now - (now % MINUTE_MS);
  const reads = [];
  for (const interval of ['1m', '1h', '1d'] as const) {
    const held = candles[interval];
    const bucket = now - (now % held.bucketMs);
    const windowStart = bucket - held.ring.capacity * held.bucketMs;
    const rows = await store.heldCandles(kind, interval, [id], windowStart, interval === '1m' ? minute : bucket);
    const open = kind === 'pooled' && interval !== '1m' ? await store.openImported(interval, [id], bucket) : null;
    reads.push({ interval, held, bucket, windowStart, rows, open: open?.length ? barAt(open.columns, 0) : null });
  }
  for (const { interval, held, windowStart, rows } of reads) {
    const ring = held.ring;
    const lastRead = rows.length ? rows.columns.ts[rows.length - 1]! : -Infinity;
    const since: Bar[] = [];
    for (let p = ring.lowerBound(s, lastRead + 1); p < ring.size(s); p++) since.push(barAt(ring, ring.slot(s, p)));
    held.clear(s);
    for (let k = 0; k < rows.length; k++) {
      const bar = barAt(rows.columns, k);
      ring.push(s, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues, bar.origin);
    }
    for (const bar of since)
      ring.push(s, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues, bar.origin);
    held.from[s] = Math.max(from[interval] ?? held.from[s]!, windowStart);
  }
  const minutes = candles['1m'].ring;
  for (const { held, bucket, open } of reads.slice(1)) {
    for (let p = minutes.lowerBound(s, bucket); p < minutes.size(s); p++)
      held.fold(s, barAt(minutes, minutes.slot(s, p)));
    if (open) held.seed(s, open);
  }
}
