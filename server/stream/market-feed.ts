// Market messages for the stream, built from the hot state after every tick: each instrument's pooled quote (on
// `quotes` and its own topic, at most once per QUOTE_MS per symbol, latest value wins), and on its own topic every
// venue listing's state and the open 1m candle.
import { candleJson } from '../../core/series.js';
import { instrumentTopic, QUOTES_TOPIC } from '../../core/stream/topics.js';
import type { MarketState } from '../market/state.js';
import type { Ticker } from '../market/ticker.js';
import type { InstrumentService } from '../services/instruments.js';
import type { Outgoing, StreamHub } from './hub.js';
import { clock } from '../clock.js';

export class MarketFeed {
  /** Per instrument: when its quote last went out, and whether a newer one waits for its turn. */
  private readonly quoteSentAt: Float64Array;
  private readonly quoteWaiting: Uint8Array;
  private readonly topics: string[];
  private timer: NodeJS.Timeout | null = null;
  private readonly state: MarketState;

  constructor(
    private readonly instruments: InstrumentService,
    private readonly ticker: Ticker,
    private readonly hub: StreamHub,
    private readonly quoteMs: number,
  ) {
    const state = (this.state = instruments.state);
    this.quoteSentAt = new Float64Array(state.instruments.length).fill(-Infinity);
    this.quoteWaiting = new Uint8Array(state.instruments.length);
    this.topics = state.instruments.map((inst) => instrumentTopic(inst.symbol));
    ticker.onTick(() => this.publishTick());
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private publishTick(): void {
    const { state } = this;
    const now = clock.now();
    const batch: Outgoing[] = [];
    for (let i = 0; i < state.instruments.length; i++) {
      if (now - this.quoteSentAt[i]! >= this.quoteMs) batch.push(this.quote(i, now));
      else this.quoteWaiting[i] = 1;
      const topics = [this.topics[i]!];
      for (let j = state.offsets[i]!; j < state.offsets[i + 1]!; j++) {
        const venue = this.instruments.venue(j);
        batch.push({ event: 'venue', key: `venue:${venue.listingId}`, topics, json: JSON.stringify({ symbol: state.instruments[i]!.symbol, ...venue }) });
      }
      const bar = this.ticker.openBar(i);
      if (bar) {
        const candle = candleJson(bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues);
        batch.push({ event: 'candle', key: `candle:${i}`, topics, json: `{"symbol":${JSON.stringify(state.instruments[i]!.symbol)},"interval":"1m","candle":${candle}}` });
      }
    }
    this.hub.publish(batch);
    this.scheduleWaiting(now);
  }

  /** Quotes held back by the cadence go out when their turn comes, with the values of that moment. */
  private scheduleWaiting(now: number): void {
    if (this.timer) return;
    let due = Infinity;
    for (let i = 0; i < this.quoteWaiting.length; i++) if (this.quoteWaiting[i]) due = Math.min(due, this.quoteSentAt[i]! + this.quoteMs);
    if (due === Infinity) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const at = clock.now();
      const batch: Outgoing[] = [];
      for (let i = 0; i < this.quoteWaiting.length; i++) {
        if (this.quoteWaiting[i] && at - this.quoteSentAt[i]! >= this.quoteMs) batch.push(this.quote(i, at));
      }
      this.hub.publish(batch);
      this.scheduleWaiting(at);
    }, Math.max(0, due - now));
  }

  private quote(i: number, now: number): Outgoing {
    const { symbol, price, changePct, priceTs, priceLabel } = this.instruments.summary(i);
    this.quoteSentAt[i] = now;
    this.quoteWaiting[i] = 0;
    const json = JSON.stringify({ symbol, price, changePct, priceTs, priceLabel, venuesInPool: this.state.pooled.inPool[i]! });
    return { event: 'quote', key: `quote:${i}`, topics: [QUOTES_TOPIC, this.topics[i]!], json };
  }
}
