// A venue market's client as a venue feed: its WebSocket connections (one per chunk of listings the venue allows),
// each frame read by the venue's parser and merged into its listing's latest quote, a REST snapshot at the start and
// after lost data, open interest polled over REST where the WebSocket has none, and the listings' 1m klines since
// their last stored bar backfilled at start and after each reconnect. The tick loop copies the merged quotes into
// the pool: a venue that goes silent keeps its last quote's time, and so goes stale in the pool.

import { clip } from '../../../core/errors.js';
import type { VenueQuotes } from '../../../core/sources/records.js';
import {
  connectionPlans,
  type Market,
  type RestRequest,
  type VenueProtocol,
} from '../../../core/sources/venues/protocol.js';
import { applyUpdate, type ListingUnits } from '../../../core/sources/venues/quotes.js';
import { SequenceTracker } from '../../../core/sources/venues/sequence.js';
import { blankUpdate, type ParsedUpdates, type VenueUpdate } from '../../../core/sources/venues/update.js';
import { clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import { RepeatingWarning } from '../../repeating-warning.js';
import type { SourceHealth } from '../../services/read/source-health.js';
import type { VenueBackfill } from '../../services/write/venue-backfill.js';
import type { VenueFeed } from '../venue-feed.js';
import { backfill } from './backfill.js';
import { type Backoff, VenueConnection } from './connection.js';

/** One listing the client serves. */
export interface ClientListing {
  /** Its position in the market state's listings. */
  index: number;
  venueSymbol: string;
  /** Its quote currency (USDT for BTCUSDT). */
  quote: string;
  fundingIntervalHours: number | null;
  /** USD per unit of its quote currency now (1 for USD, USDT's pooled price for USDT); NaN while unknown. */
  usdPerQuote(): number;
}

export interface ClientOptions {
  wsUrl: string;
  restUrl: string;
  log: Logger;
  health: SourceHealth;
  backoff?: Backoff;
}

const REQUEST_TIMEOUT_MS = 15_000;
/** Skipped frames are logged at most this often per client (each is counted). */
const SKIP_LOG_MS = 10_000;
const NUMERIC_FIELDS = [
  'price',
  'markPrice',
  'volume24hBase',
  'volume24hQuote',
  'volume24hUsd',
  'fundingRate',
  'fundingIntervalHours',
  'nextFundingTime',
  'openInterestBase',
  'openInterestQuote',
  'openInterestUsd',
] as const;

export class VenueClient implements VenueFeed {
  readonly source = 'venues';
  private readonly connections: VenueConnection[];
  private readonly bySymbol = new Map<string, number>();
  /** Per listing: everything its venue said so far, in its own units; NaN where nothing yet. */
  private readonly latest: VenueUpdate[];
  /** When each listing's last price arrived: a quote is never fresher than that. */
  private readonly receivedMs: Float64Array;
  private readonly units: ListingUnits[];
  private readonly listingSeq = new SequenceTracker(false);
  private readonly connectionSeq = new Map<VenueConnection, SequenceTracker>();
  private readonly abort = new AbortController();
  /** Its connections' and requests' failures, a line a minute while they repeat (the log child names the source). */
  private readonly trouble: RepeatingWarning;
  private oiTimer: NodeJS.Timeout | null = null;
  private skipLoggedAt = -Infinity;
  private snapshotting: Promise<void> | null = null;
  /** Where backfills write, and how far back they reach; null: none. */
  private backfills: { service: VenueBackfill; maxMs: number } | null = null;
  private backfilling: Promise<void> | null = null;
  /** A reconnect while a backfill runs: another follows it, for the gap it may have missed. */
  private backfillAgain = false;

  constructor(
    readonly venue: VenueProtocol,
    readonly market: Market,
    private readonly listings: ClientListing[],
    private readonly options: ClientOptions,
  ) {
    const m = venue.markets[market];
    if (!m) throw new Error(`${venue.id} has no ${market} market`);
    listings.forEach((l, k) => this.bySymbol.set(l.venueSymbol, k));
    this.latest = listings.map((l) => blankUpdate(l.venueSymbol, NaN));
    this.receivedMs = new Float64Array(listings.length).fill(NaN);
    this.trouble = new RepeatingWarning(options.log);
    this.units = listings.map((l) => ({ usdPerQuote: NaN, fundingIntervalHours: l.fundingIntervalHours }));
    const plans = connectionPlans(
      venue,
      market,
      listings.map((l) => l.venueSymbol),
      options.wsUrl,
    );
    options.health.connections = plans.length;
    this.connections = plans.map((plan) => {
      const sequence = new SequenceTracker(true);
      const conn: VenueConnection = new VenueConnection(
        plan,
        {
          frame: (text, receivedMs) => this.onFrame(conn, sequence, text, receivedMs),
          opened: (again) => {
            options.health.connected(clock.now());
            sequence.reset();
            if (again) {
              options.health.reconnects++;
              this.refreshBackfill('reconnect');
            }
          },
          closed: () => options.health.open--,
          failed: (why) => this.trouble.warn({ why }, 'venue connection error'),
        },
        options.log,
        options.backoff,
      );
      this.connectionSeq.set(conn, sequence);
      return conn;
    });
  }

  get name(): string {
    return this.options.health.name;
  }

  /** Connects; with `backfills`, the listings' bars since their last stored one are fetched now and after each reconnect. */
  start(backfills: { service: VenueBackfill; maxMs: number } | null = null): void {
    this.backfills = backfills && backfills.maxMs > 0 ? backfills : null;
    for (const c of this.connections) c.start();
    this.refreshSnapshot('start');
    this.refreshBackfill('start');
    const rest = this.venue.markets[this.market]!;
    if (rest.openInterest === 'rest' && rest.rest.openInterestNow && rest.rest.openInterestPollMs) {
      this.oiTimer = setInterval(() => void this.pollOpenInterest(), rest.rest.openInterestPollMs);
      this.oiTimer.unref();
      void this.pollOpenInterest();
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.oiTimer) clearInterval(this.oiTimer);
    for (const c of this.connections) c.stop();
    await this.snapshotting;
    await this.backfilling;
  }

  poll(_nowMs: number, _dtS: number, into: VenueQuotes): void {
    for (let k = 0; k < this.listings.length; k++) {
      const u = this.latest[k]!;
      if (!(u.price > 0) && !(u.markPrice > 0)) continue;
      const units = this.units[k]!;
      units.usdPerQuote = this.listings[k]!.usdPerQuote();
      applyUpdate(into, this.listings[k]!.index, u, units, this.receivedMs[k]!);
    }
  }

  private onFrame(conn: VenueConnection, sequence: SequenceTracker, text: string, receivedMs: number): void {
    const frame = this.venue.parseFrame(text, this.market);
    const lastTs = frame.updates.length ? frame.updates[frame.updates.length - 1]!.ts : NaN;
    this.options.health.message(receivedMs, lastTs);
    if (frame.skipped.length)
      this.skipped(
        frame.skipped.map((s) => `${s.item}: ${s.reason}`),
        text,
      );
    if (frame.reconnect) conn.reconnectNow(frame.control ?? 'the venue asked');
    if (sequence.check('', frame.seq) === 'gap') {
      this.options.log.warn({ source: this.name, missed: sequence.missed }, 'venue sequence gap: fetching a snapshot');
      this.refreshSnapshot('gap');
    }
    this.merge(frame, receivedMs);
  }

  /** Updates into the listings' latest quotes; one whose listing number went back is a repeat, left out. */
  private merge(parsed: ParsedUpdates, receivedMs: number): void {
    for (const u of parsed.updates) {
      const k = this.bySymbol.get(u.symbol);
      if (k === undefined) continue;
      if (this.listingSeq.check(u.symbol, u.seq) === 'behind') continue;
      const latest = this.latest[k]!;
      for (const field of NUMERIC_FIELDS) if (!Number.isNaN(u[field])) latest[field] = u[field];
      // The quote's time is its price's: a funding or mark update alone does not keep a silent price fresh.
      if (u.price > 0 && !(u.ts < latest.ts)) {
        latest.ts = u.ts;
        this.receivedMs[k] = receivedMs;
      }
    }
  }

  private skipped(reasons: string[], text: string): void {
    this.options.health.errors += reasons.length;
    const now = clock.now();
    if (now - this.skipLoggedAt < SKIP_LOG_MS) return;
    this.skipLoggedAt = now;
    this.options.log.warn(
      { source: this.name, reasons: reasons.slice(0, 3), excerpt: clip(text, 200) },
      'venue frame skipped',
    );
  }

  /** One snapshot round at a time; a gap during one is covered by it. */
  private refreshSnapshot(why: string): void {
    this.snapshotting ??= this.snapshot(why).finally(() => (this.snapshotting = null));
  }

  private async snapshot(why: string): Promise<void> {
    const { rest } = this.venue.markets[this.market]!;
    if (!rest.snapshot || !rest.parseSnapshot) return;
    for (const l of this.listings) {
      for (const req of rest.snapshot(l.venueSymbol)) {
        const text = await this.request(req, `snapshot (${why})`);
        if (text === null) return;
        try {
          const parsed = rest.parseSnapshot(text, l.venueSymbol);
          if (parsed.skipped.length)
            this.skipped(
              parsed.skipped.map((s) => `${s.item}: ${s.reason}`),
              text,
            );
          this.merge(parsed, clock.now());
        } catch (err) {
          this.skipped([(err as Error).message], text);
        }
      }
    }
  }

  /** One backfill round at a time; a reconnect during one asks for another after it. */
  private refreshBackfill(why: string): void {
    const backfills = this.backfills;
    if (!backfills) return;
    if (this.backfilling) {
      this.backfillAgain = true;
      return;
    }
    const listings = this.listings.map((l, k) => ({ ...l, lastPriceMs: () => this.receivedMs[k]! }));
    const run = (reason: string): Promise<void> =>
      backfill(
        listings,
        {
          rest: this.venue.markets[this.market]!.rest,
          service: backfills.service,
          fetchText: (req, what) => this.request(req, `backfill ${what}`),
          skipped: (reasons, text) => this.skipped(reasons, text),
          maxMs: backfills.maxMs,
          signal: this.abort.signal,
          log: this.options.log,
        },
        reason,
      )
        .catch((err) => this.failed('backfill', (err as Error).message))
        .then(() => {
          if (!this.backfillAgain || this.abort.signal.aborted) return;
          this.backfillAgain = false;
          return run('reconnect');
        });
    this.backfilling = run(why).finally(() => (this.backfilling = null));
  }

  private async pollOpenInterest(): Promise<void> {
    const { rest } = this.venue.markets[this.market]!;
    for (let k = 0; k < this.listings.length; k++) {
      const text = await this.request(rest.openInterestNow!(this.listings[k]!.venueSymbol), 'open interest');
      if (text === null) return;
      try {
        const oi = rest.parseOpenInterest!(text);
        const last = oi.length - 1;
        if (last < 0) continue;
        const latest = this.latest[k]!;
        latest.openInterestBase = oi.base[last]!;
        latest.openInterestQuote = oi.quote[last]!;
        latest.openInterestUsd = oi.usd[last]!;
      } catch (err) {
        this.skipped([(err as Error).message], text);
      }
    }
  }

  /** The answer's text, or null (counted and logged) when the venue did not give one. */
  private async request(req: RestRequest, what: string): Promise<string | null> {
    if (this.abort.signal.aborted) return null;
    const url = `${this.options.restUrl}${req.path}`;
    try {
      const res = await fetch(url, {
        method: req.method,
        body: req.body,
        headers: req.body ? { 'content-type': 'application/json' } : {},
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      const text = await res.text();
      if (res.ok) return text;
      this.failed(what, `${res.status} ${clip(text, 200)}`);
    } catch (err) {
      if (!this.abort.signal.aborted) this.failed(what, (err as Error).message);
    }
    return null;
  }

  private failed(what: string, why: string): void {
    this.options.health.errors++;
    this.trouble.warn({ request: what, why }, 'venue request failed');
  }
}
