// How a node that does not tick gets its market: it waits for the ingest leader's first frame (the leader has loaded
// the sources and ticks), loads the market from the database as the leader did, then is moved by every frame Redis
// holds and each live one, what they cannot carry read from the database (server/market/catch-up.ts). An api node
// follows for its whole life; the ingest standby follows while it waits, so that on taking the lease it ticks from a
// market already loaded.
import { MarketIn } from '../broker/market-in.js';
import { clock } from '../clock.js';
import type { Logger } from '../log.js';
import { catchUp } from '../market/catch-up.js';
import { loadMarket, type MarketMemory } from '../market/load.js';
import { RelayedMarket } from '../market/relayed.js';
import type { MarketState } from '../market/state.js';
import type { MarketStore } from '../services/write/market-store.js';

export interface Followed {
  state: MarketState;
  relay: RelayedMarket;
}

export class MarketFollower {
  /** The market once loaded and moving; null when stopped before a leader ticked. */
  readonly followed: Promise<Followed | null>;
  private readonly frames: MarketIn;

  constructor(
    redisUrl: string,
    log: Logger,
    store: MarketStore,
    memory: MarketMemory,
    /** Told what the follower waits for, for /ready. */
    waitingFor: (reason: string) => void = () => undefined,
  ) {
    this.frames = new MarketIn(redisUrl, log);
    this.followed = this.follow(store, memory, waitingFor);
  }

  /** Stops moving the market by the leader's frames; resolves to it as it stands, or null when none was loaded. */
  async stop(): Promise<Followed | null> {
    await this.frames.close();
    return this.followed.catch(() => null);
  }

  private async follow(store: MarketStore, memory: MarketMemory, waitingFor: (reason: string) => void) {
    waitingFor('waiting for the ingest leader to tick');
    if (!(await this.frames.newest())) return null;
    waitingFor('loading the market');
    // The minute under way is the leader's open bar, which the frames carry: none of it is held from the database.
    const { state } = await loadMarket(store, memory, clock.now(), true);
    const relay = new RelayedMarket(state);
    await this.frames.start(relay, catchUp(store, relay, state));
    return { state, relay };
  }
}
