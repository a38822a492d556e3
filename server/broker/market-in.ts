// The side of the market relay that moves a market by the leader's frames: an api node's, or the standby's. One
// connection reads the frames Redis holds, then the live ones (XREAD BLOCK); a run of frames this node never saw (it was
// cut off longer than Redis keeps them) has its closed bars read from the database before the next frame applies. A
// frame of a larger universe (an import added an instrument) applies once the new instruments are read, and the series
// the leader read again after a write are read again here.
import type { Redis } from 'ioredis';
import type { MarketFrame } from '../../core/market-frame.js';
import { MINUTE_MS } from '../../core/time.js';
import type { Logger } from '../log.js';
import type { CatchUp } from '../market/catch-up.js';
import type { RelayedMarket } from '../market/relayed.js';
import { RepeatingWarning } from '../repeating-warning.js';
import { connectRedis, whenReady } from './connection.js';
import { MARKET_KEY, readFrame } from './market-frames.js';

/** How long one read waits for a frame: a leader ticks every second, so a silent read means no leader, or a reset. */
const BLOCK_MS = 3000;
const RETRY_MS = 250;

type Raw = [Buffer, Buffer[]];

export class MarketIn {
  private readonly redis: Redis;
  private readonly warning: RepeatingWarning;
  private stopped = false;
  private after = '0-0';
  private loop: Promise<void> | null = null;

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    this.redis = connectRedis(url, 'market-in', log, { blockingTimeout: BLOCK_MS + 1000 });
    this.warning = new RepeatingWarning(log);
  }

  /** Waits until Redis holds a frame (a leader ticks), and resolves to the newest; null once closed. */
  async newest(): Promise<MarketFrame | null> {
    while (!this.stopped) {
      try {
        await whenReady(this.redis);
        const [last] = (await this.redis.xrevrangeBuffer(MARKET_KEY, '+', '-', 'COUNT', 1)) as Raw[];
        const frame = last ? readFrame(last) : null;
        if (frame) return frame;
      } catch {
        // Redis away: asked again below.
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    return null;
  }

  /** Moves `relay` by every frame Redis holds, then by each live one; resolves once the held ones are applied. */
  start(relay: RelayedMarket, catchUp: CatchUp): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((caughtUp) => {
      // Closed before it caught up: its caller goes on with what was applied.
      this.loop = this.read(relay, catchUp, caughtUp).finally(caughtUp);
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.redis.disconnect();
    await this.loop;
  }

  private async read(relay: RelayedMarket, catchUp: CatchUp, caughtUp: () => void): Promise<void> {
    let held = true;
    while (!this.stopped) {
      try {
        await whenReady(this.redis);
        const entries = held
          ? ((await this.redis.xrangeBuffer(MARKET_KEY, '-', '+')) as Raw[])
          : ((
              (await this.redis.xreadBuffer('BLOCK', BLOCK_MS, 'STREAMS', MARKET_KEY, this.after)) as
                | [Buffer, Raw[]][]
                | null
            )?.[0]?.[1] ?? []);
        if (!held && !entries.length) await this.checkReset();
        for (const entry of entries) {
          this.after = entry[0].toString();
          await this.apply(relay, catchUp, entry);
        }
        if (held) caughtUp();
        held = false;
      } catch (err) {
        if (!this.stopped) {
          this.warning.warn({ err: (err as Error).message }, 'market frames unread: retrying');
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    }
  }

  private async apply(relay: RelayedMarket, catchUp: CatchUp, entry: Raw): Promise<void> {
    const frame = readFrame(entry);
    if (!frame) return;
    const last = relay.last;
    if (last && relay.misses(frame)) {
      if (frame.epoch !== last.epoch)
        this.log.info(
          { epoch: frame.epoch },
          'a new ingest leader: reading the minutes it carried on from the database',
        );
      else
        this.log.warn({ from: last.seq, to: frame.seq }, 'market frames missed: reading their bars from the database');
      await catchUp.fill(last.nowMs - (last.nowMs % MINUTE_MS), frame.nowMs);
    }
    if (frame.layout !== relay.layout) await catchUp.grow();
    const missedRereads = relay.missesRereads(frame);
    const applied = relay.apply(frame);
    if (applied === 'layout')
      this.warning.warn(
        { layout: frame.layout },
        "market frame of another universe, not the database's: this node's market is not moved by it",
      );
    if (applied !== 'applied') return;
    if (missedRereads) {
      this.log.warn('series the leader read again were missed: reading every series again');
      await catchUp.reread(null);
    } else if (frame.reread.length) await catchUp.reread(frame.reread);
  }

  /** A Redis restarted empty numbers its entries from 0 again: read from the start when the newest is before ours. */
  private async checkReset(): Promise<void> {
    const [last] = (await this.redis.xrevrangeBuffer(MARKET_KEY, '+', '-', 'COUNT', 1)) as Raw[];
    const newest = last ? last[0].toString() : '0-0';
    if (compareIds(newest, this.after) < 0) this.after = '0-0';
  }
}

function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number) as [number, number];
  const [bm, bs] = b.split('-').map(Number) as [number, number];
  return am - bm || as - bs;
}
