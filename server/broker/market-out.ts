// The ingest leader's side of the market relay: after every tick, one frame (core/market-frame.ts) of its quotes,
// pooling, open bars, the bars the tick closed and the series read again since goes to a Redis Stream, trimmed to the
// last few minutes, for the api nodes and the standby to move their markets by.
import type { Redis } from 'ioredis';
import { encodeFrame, type MarketFrame, type Reread } from '../../core/market-frame.js';
import type { Logger } from '../log.js';
import type { MarketState } from '../market/state.js';
import type { Ticker } from '../market/ticker.js';
import { RepeatingWarning } from '../repeating-warning.js';
import { connectRedis, whenReady } from './connection.js';
import { FRAME_FIELD, MARKET_KEY, readFrame } from './market-frames.js';

export class MarketOut {
  private readonly redis: Redis;
  private readonly lost: RepeatingWarning;
  private seq = 0;

  constructor(
    url: string,
    /** Frames kept in Redis: a node cut off for less than this many ticks catches up from them. */
    private readonly keep: number,
    log: Logger,
  ) {
    this.redis = connectRedis(url, 'market-out', log);
    this.lost = new RepeatingWarning(log);
  }

  /** The frames a previous leader left in Redis, oldest first: what the minutes it had under way held. */
  async previous(): Promise<MarketFrame[]> {
    await whenReady(this.redis);
    const entries = (await this.redis.xrangeBuffer(MARKET_KEY, '-', '+')) as [Buffer, Buffer[]][];
    return entries.map(readFrame).filter((f) => f !== null);
  }

  /** Relays every tick of `ticker` over `state` under the leadership `epoch`. */
  attach(ticker: Ticker, state: MarketState, epoch: number): void {
    let reread: Reread[] = [];
    let rereadTotal = 0;
    state.onReread = (series) => reread.push(series);
    ticker.onTick(() => {
      rereadTotal += reread.length;
      const closed = ticker.closedNow;
      const frame = encodeFrame({
        epoch,
        seq: ++this.seq,
        nowMs: ticker.lastTick,
        layout: state.layout,
        quotes: state,
        pooled: state.pooled.price.buffer as ArrayBuffer,
        previousClose: state.previousClose,
        openBar: (i) => ticker.openBar(i),
        openListingBar: (j) => ticker.openListingBar(j),
        closed: closed.instruments,
        closedListing: closed.listings,
        reread,
        rereadTotal,
      });
      reread = [];
      this.redis
        .xadd(MARKET_KEY, 'MAXLEN', '~', this.keep, '*', FRAME_FIELD, Buffer.from(frame.buffer))
        .catch((err: Error) => this.lost.warn({ err: err.message }, 'market frame not relayed to Redis'));
    });
  }

  close(): void {
    this.redis.disconnect();
  }
}
