// The tick loop on a real embedded database, driven with chosen times: bars close into memory and the database,
// and at 00:00 UTC the last pooled price becomes the previous close.
import t from 'tap';
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { VenueSimulator } from '../../../core/demo/venues.js';
import { openDatabase } from '../../../server/db.js';
import { MarketState, type InstrumentRow, type ListingRow } from '../../../server/market/state.js';
import { Ticker } from '../../../server/market/ticker.js';
import { tempDataDir } from '../../helpers/server.js';

const dataDir = tempDataDir();
const log = pino({ level: 'silent' });
const db = await openDatabase({ databaseUrl: null, dataDir, poolSize: 1 }, log);
t.teardown(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});
await db.migrate();

const instruments: InstrumentRow[] = [
  { id: 1, symbol: 'AAA', name: 'Alpha', kind: 'crypto', currency: 'USD', company: null },
  { id: 2, symbol: 'BBB', name: 'Beta', kind: 'stock', currency: 'USD', company: null },
];
const listings: ListingRow[] = [1, 1, 1, 2, 2, 2].map((instrumentId, k) => ({
  id: k + 1,
  instrumentId,
  venue: `v${k}`,
  market: 'perp',
  venueSymbol: `X${k}`,
  fundingIntervalHours: 8,
}));
const state = new MarketState(instruments, listings, 60_000);
const feed = new VenueSimulator(
  listings.map((l) => ({ instrument: l.instrumentId - 1, perp: true, volume24hUsd: 1e8, fundingIntervalHours: 8 })),
  Float64Array.of(100, 50),
  Float64Array.of(0.03, 0.02),
  7,
  0,
);
const ticker = new Ticker(state, feed, db, log);

const midnight = Date.UTC(2026, 10, 22);

t.test('a day rolls over at 00:00 UTC and bars close into memory and the database', async (t) => {
  for (let s = -125; s < 0; s++) ticker.tick(midnight + s * 1000);
  const lastPrice = Array.from(state.pooled.price);
  t.ok(lastPrice.every(Number.isFinite), 'every instrument priced before midnight');
  t.ok(state.previousClose.every(Number.isNaN), 'no previous close yet');
  ticker.tick(midnight + 1000);
  t.same(Array.from(state.previousClose), lastPrice, 'the last price before midnight is the previous close');
  t.ok(state.changePct(0) !== null, 'changePct is measured against it');

  t.equal(state.candles['1m'].ring.size(0), 3, 'the three minutes touched before midnight closed into memory');
  t.ok(ticker.openBar(0)!.ts === midnight, 'the minute after midnight is open');
  await ticker.stop();
  const rows = await db.rows<{ instrumentId: number }>('heldCandles1m', [new Date(midnight - 3_600_000), new Date(midnight + 3_600_000)]);
  t.equal(rows.length, 8, 'and into the database: three minutes of two instruments, and the open one at stop');
});
