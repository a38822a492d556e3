// Market messages for the stream, built from the hot state after every tick: each instrument's pooled quote (on
// `quotes` and its own topic, at most once per QUOTE_MS per symbol, latest value wins), and on its own topic every
// venue listing's state and the open 1m candle.

import type { Bar } from '../../core/kernels/bars.js';
import { candleJson } from '../../core/series.js';
import { instrumentTopic, QUOTES_TOPIC } from '../../core/stream/topics.js';
import { clock } from '../clock.js';
import type { Broadcast, Outgoing } from '../ports/index.js';
import type { InstrumentService } from '../services/read/instruments.js';

/** The tick loop as the feed sees it: told after each tick, and each instrument's open 1m bar. */
export interface Ticks {
  onTick(listener: () => void): void;
  openBar(i: number): Bar | null;
}

export class MarketFeed {
  /** Per instrument: when its quote last went out, and whether a newer one waits for its turn. */
  private readonly quoteSentAt: Float64Array;
  private readonly quoteWaiting: Uint8Array;
  private readonly topics: string[];
  private readonly symbols: string[];
  /** Instrument `i`'s listings are [listingsFrom[i], listingsFrom[i + 1]), as the instrument service numbers them. */
  private readonly listingsFrom: Int32Array;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly instruments: InstrumentService,
    private readonly ticker: Ticks,
    private readonly hub: Broadcast,
    private readonly quoteMs: number,
  ) {
    this.quoteSentAt = new Float64Array(instruments.count).fill(-Infinity);
    this.quoteWaiting = new Uint8Array(instruments.count);
    this.symbols = Array.from({ length: instruments.count }, (_, i) => instruments.row(i).symbol);
    this.topics = this.symbols.map(instrumentTopic);
    this.listingsFrom = new Int32Array(instruments.count + 1);
    for (let i = 0; i < instruments.count; i++) this.listingsFrom[i + 1] = instruments.listings(i).end;
    ticker.onTick(() => this.publishTick());
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private publishTick(): void {
    const { instruments } = this;
    const now = clock.now();
    const batch: Outgoing[] = [];
    // The instruments the feed started with: one added since (an import's) has no venue, so nothing ticks for it.
    for (let i = 0; i < this.symbols.length; i++) {
      if (now - this.quoteSentAt[i]! >= this.quoteMs) batch.push(this.quote(i, now));
      else this.quoteWaiting[i] = 1;
      const topics = [this.topics[i]!];
      const symbol = this.symbols[i]!;
      for (let j = this.listingsFrom[i]!; j < this.listingsFrom[i + 1]!; j++) {
        const venue = instruments.venue(j);
        batch.push({
          event: 'venue',
          key: `venue:${venue.listingId}`,
          topics,
          json: JSON.stringify({ symbol, ...venue }),
        });
      }
      const bar = this.ticker.openBar(i);
      if (bar) {
        const candle = candleJson(bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues);
        batch.push({
          event: 'candle',
          key: `candle:${i}`,
          topics,
          json: `{"symbol":${JSON.stringify(symbol)},"interval":"1m","candle":${candle}}`,
        });
      }
    }
    this.hub.publish(batch);
    this.scheduleWaiting(now);
  }

  /** Quotes held back by the cadence go out when their turn comes, with the values of that moment. */
  private scheduleWaiting(now: number): void {
    if (this.timer) return;
    let due = Infinity;
    for (let i = 0; i < this.quoteWaiting.length; i++)
      if (this.quoteWaiting[i]) due = Math.min(due, this.quoteSentAt[i]! + this.quoteMs);
    if (due === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const at = clock.now();
        const batch: Outgoing[] = [];
        for (let i = 0; i < this.quoteWaiting.length; i++) {
          if (this.quoteWaiting[i] && at - this.quoteSentAt[i]! >= this.quoteMs) batch.push(this.quote(i, at));
        }
        this.hub.publish(batch);
        this.scheduleWaiting(at);
      },
      Math.max(0, due - now),
    );
  }

  private quote(i: number, now: number): Outgoing {
    const { symbol, price, changePct, priceTs, priceLabel } = this.instruments.summary(i);
    this.quoteSentAt[i] = now;
    this.quoteWaiting[i] = 0;
    const json = JSON.stringify({
      symbol,
      price,
      changePct,
      priceTs,
      priceLabel,
      venuesInPool: this.instruments.venuesInPool(i),
    });
    return { event: 'quote', key: `quote:${i}`, topics: [QUOTES_TOPIC, this.topics[i]!], json };
  }
}
