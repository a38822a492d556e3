// Merging venue updates into the pool's quotes: prices and volumes in USD through the quote currency, absent fields
// left standing, funding restated per the listing's interval, the venue's clock never ahead of the arrival.
import t from 'tap';
import { allocateVenueQuotes } from '../../../../core/sources/records.js';
import { applyUpdate } from '../../../../core/sources/venues/quotes.js';
import { blankUpdate } from '../../../../core/sources/venues/update.js';

const USD = { usdPerQuote: 1, fundingIntervalHours: 8 };

t.test('a USDT price, volume and open interest are written in USD', async (t) => {
  const q = allocateVenueQuotes(1);
  const u = blankUpdate('BTCUSDT', 1000);
  u.price = 100;
  u.volume24hQuote = 5e6;
  u.openInterestBase = 10;
  u.markPrice = 101;
  t.ok(applyUpdate(q, 0, u, { usdPerQuote: 0.999, fundingIntervalHours: 8 }, 2000));
  t.same([q.price[0], q.ts[0], q.volume24hUsd[0], q.openInterestUsd[0]], [99.9, 1000, 4.995e6, 10 * 101 * 0.999]);
});

t.test("absent fields leave the quote as it was; an update without a price keeps the price's time", async (t) => {
  const q = allocateVenueQuotes(1);
  const first = blankUpdate('X', 1000);
  first.price = 50;
  first.volume24hBase = 2;
  applyUpdate(q, 0, first, USD, 1000);
  t.equal(q.volume24hUsd[0], 100, 'base volume at the last price');
  const mark = blankUpdate('X', 5000);
  mark.markPrice = 51;
  mark.fundingRate = 0.0001;
  t.notOk(applyUpdate(q, 0, mark, USD, 5000));
  t.same([q.price[0], q.ts[0], q.volume24hUsd[0], q.fundingRate[0]], [50, 1000, 100, 0.0001]);
});

t.test('nothing priced in the quote currency is written while its USD value is unknown', async (t) => {
  const q = allocateVenueQuotes(1);
  const u = blankUpdate('BTCUSDT', 1000);
  u.price = 100;
  u.volume24hQuote = 1e6;
  t.notOk(applyUpdate(q, 0, u, { usdPerQuote: NaN, fundingIntervalHours: null }, 1000));
  t.same([Number.isNaN(q.price[0]), Number.isNaN(q.ts[0]), q.volume24hUsd[0]], [true, true, 0]);
  u.volume24hUsd = 2e6;
  applyUpdate(q, 0, u, { usdPerQuote: NaN, fundingIntervalHours: null }, 1000);
  t.equal(q.volume24hUsd[0], 2e6, 'a volume the venue states in USD needs no conversion');
});

t.test("the quote time is the venue's, or the arrival when the venue's clock is ahead or silent", async (t) => {
  const q = allocateVenueQuotes(1);
  const u = blankUpdate('X', 9000);
  u.price = 1;
  applyUpdate(q, 0, u, USD, 5000);
  t.equal(q.ts[0], 5000, 'never later than its arrival');
  u.ts = NaN;
  applyUpdate(q, 0, u, USD, 6000);
  t.equal(q.ts[0], 6000);
});

t.test("funding is kept per the listing's interval: an hourly rate on an 8-hour listing counts 8 times", async (t) => {
  const q = allocateVenueQuotes(2);
  const u = blankUpdate('X', 1);
  u.fundingRate = 0.00001;
  u.fundingIntervalHours = 1;
  applyUpdate(q, 0, u, { usdPerQuote: 1, fundingIntervalHours: 1 }, 1);
  applyUpdate(q, 1, u, { usdPerQuote: 1, fundingIntervalHours: 8 }, 1);
  t.same([q.fundingRate[0], q.fundingRate[1]], [0.00001, 0.00008]);
  const spot = allocateVenueQuotes(1);
  applyUpdate(spot, 0, u, { usdPerQuote: 1, fundingIntervalHours: null }, 1);
  t.ok(Number.isNaN(spot.fundingRate[0]), 'spot pays no funding');
});
