// Each venue market's client against a local replay of that venue: the subscribe frames it sends, the quotes it
// writes from the venue's frames, a malformed frame counted and skipped, and a dropped connection reopened and
// subscribed again by itself.

import { pino } from 'pino';
import t from 'tap';
import { allocateVenueQuotes } from '../../../../core/sources/records.js';
import { venueNamed } from '../../../../core/sources/venues/index.js';
import type { Market } from '../../../../core/sources/venues/protocol.js';
import { fixtureFrames } from '../../../../harness/realdata.js';
import { startVenueReplay } from '../../../../harness/venue-replay.js';
import { clock } from '../../../../server/clock.js';
import { VenueClient } from '../../../../server/feeds/venues/venue-client.js';
import { SourceHealth } from '../../../../server/services/read/source-health.js';
import { session } from '../../../helpers/venue-frames.js';

const log = pino({ level: 'silent' });

/** Each venue market with the listings its fixture session quotes. */
const CASES: { venue: string; market: Market; symbols: string[] }[] = [
  { venue: 'binance', market: 'spot', symbols: ['BTCUSDT', 'ETHUSDT'] },
  { venue: 'binance', market: 'perp', symbols: ['BTCUSDT', 'ETHUSDT'] },
  { venue: 'coinbase', market: 'spot', symbols: ['BTC-USD', 'ETH-USD'] },
  { venue: 'kraken', market: 'spot', symbols: ['BTC/USD', 'ETH/USD'] },
  { venue: 'kraken', market: 'perp', symbols: ['PF_XBTUSD', 'PF_ETHUSD'] },
  { venue: 'okx', market: 'spot', symbols: ['BTC-USDT', 'ETH-USDT'] },
  { venue: 'okx', market: 'perp', symbols: ['BTC-USDT-SWAP'] },
  { venue: 'bybit', market: 'spot', symbols: ['BTCUSDT'] },
  { venue: 'bybit', market: 'perp', symbols: ['BTCUSDT'] },
  { venue: 'hyperliquid', market: 'perp', symbols: ['BTC', 'ETH'] },
];

/** Resolves once `done` holds, checking as events arrive (no deadline: tap's own timeout ends a stuck test). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

for (const { venue, market, symbols } of CASES) {
  t.test(`${venue} ${market}`, async (t) => {
    const protocol = venueNamed(venue)!;
    const path = `venues/${venue}/${market}-frames.jsonl`;
    // A frame announcing a restart is sent on its own, once: replayed at every subscribe, it would never end.
    const all = fixtureFrames(path);
    const frames = all.filter((line) => !protocol.parseFrame(line, market).reconnect);
    const restarts = all.filter((line) => !frames.includes(line));
    const replay = await startVenueReplay({ frames });
    t.teardown(() => replay.close());
    const health = new SourceHealth(`${venue}-${market}`, 'venue', 60_000);
    const perp = market === 'perp';
    const client = new VenueClient(
      protocol,
      market,
      symbols.map((venueSymbol, index) => ({
        index,
        venueSymbol,
        quote: 'USD',
        fundingIntervalHours: perp ? 8 : null,
        usdPerQuote: () => 1,
      })),
      { wsUrl: replay.wsUrl, restUrl: replay.restUrl, log, health, backoff: { firstMs: 10, maxMs: 50 } },
    );
    t.teardown(() => client.stop());
    const quotes = allocateVenueQuotes(symbols.length);
    client.start();

    const subscribe = protocol.markets[market]!.subscribe(symbols);
    await until(() => replay.received.length >= subscribe.length && health.messages >= frames.length);
    t.same(replay.received.slice(0, subscribe.length), subscribe, 'the venue’s subscribe frames, in order');
    t.equal(health.state(clock.now()), 'live');

    // What the client pooled is what the session says of BTC, last price wins.
    const btc = session(protocol, market, path).updates.filter((u) => u.symbol === symbols[0] && u.price > 0);
    client.poll(clock.now(), 1, quotes);
    t.equal(quotes.price[0], btc[btc.length - 1]!.price, 'the last price of the session');
    t.ok(quotes.ts[0]! <= clock.now());
    if (perp) t.ok(Number.isFinite(quotes.fundingRate[0]), 'funding carried');

    const errors = health.errors;
    replay.send('{"not": "a frame of this venue"');
    await until(() => health.errors > errors);
    client.poll(clock.now(), 1, quotes);
    t.equal(quotes.price[0], btc[btc.length - 1]!.price, 'a malformed frame changes nothing');

    for (const restart of restarts) {
      const before = replay.connections;
      replay.send(restart);
      await until(() => replay.connections === before + 1 && replay.received.length >= (before + 1) * subscribe.length);
      t.pass('reconnected when the venue announced a restart');
    }

    const opened = replay.connections;
    replay.drop();
    await until(() => replay.connections === opened + 1 && replay.received.length >= (opened + 1) * subscribe.length);
    t.equal(health.reconnects, opened, 'reconnected by itself');
    t.same(replay.received.slice(-subscribe.length), subscribe, 'subscribed again');
  });
}
