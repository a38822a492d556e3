// What an ingest leader of a scale-out does before it ticks: continues the stream's ids after the last leader's,
// carries on the minutes that leader left (server/market/carry-on.ts), holds its ticks whenever it cannot confirm its
// lease, and relays each tick's market to the other nodes.
import { MarketOut } from '../broker/market-out.js';
import { StreamOut } from '../broker/stream-out.js';
import { clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Lifetime } from '../lifetime.js';
import type { Logger } from '../log.js';
import { carryOn } from '../market/carry-on.js';
import type { MarketState } from '../market/state.js';
import type { MarketStore } from '../services/write/market-store.js';
import type { StreamHub } from '../stream/hub.js';
import type { VenueFeeds } from './ingest.js';
import type { Leadership } from './leadership.js';

/** How long the market's frames stay in Redis: a node cut off for less catches up from them, not the database. */
const FRAMES_KEPT_MS = 180_000;

export async function relayAsLeader(
  redisUrl: string,
  { config, log, life }: { config: Config; log: Logger; life: Lifetime },
  leadership: Leadership,
  { ticker }: VenueFeeds,
  state: MarketState,
  store: MarketStore,
  hub: StreamHub,
): Promise<void> {
  const stream = new StreamOut(redisUrl, hub, config.stream.replay, log);
  life.onClose(() => stream.close());
  await stream.start();
  if (!ticker) return;
  const frames = new MarketOut(redisUrl, Math.ceil(FRAMES_KEPT_MS / config.tickMs), log);
  life.onClose(() => frames.close());
  const carried = await carryOn(await frames.previous(), state, ticker, store, clock.now());
  if (carried.written || carried.resumed) log.info(carried, "carried on the last leader's minutes");
  ticker.fenceWith(() => leadership.held());
  frames.attach(ticker, state, leadership.epoch!);
}
