// From the venues' own frames to the pool: the fixture sessions of all six venues merged into one instrument's quotes
// (USDT and USDC converted to USD) pool every listing within 2%, and a venue quoting 50% off is out as an outlier.
import t from 'tap';
import { allocatePoolOutput, IN_POOL, OUT_OUTLIER, poolQuotes } from '../../../../core/kernels/pool.js';
import { allocateVenueQuotes } from '../../../../core/sources/records.js';
import { venueNamed } from '../../../../core/sources/venues/index.js';
import type { Market } from '../../../../core/sources/venues/protocol.js';
import { applyUpdate } from '../../../../core/sources/venues/quotes.js';
import { blankUpdate } from '../../../../core/sources/venues/update.js';
import { fixtureFrames } from '../../../../harness/realdata.js';

const USD_PER = { USD: 1, USDT: 0.9995, USDC: 1.0001 } as const;
/** BTC's listings as the live sources file has them, each with the fixture session of its venue and market. */
const LISTINGS: [string, Market, string, keyof typeof USD_PER, number | null][] = [
  ['binance', 'spot', 'BTCUSDT', 'USDT', null],
  ['binance', 'perp', 'BTCUSDT', 'USDT', 8],
  ['coinbase', 'spot', 'BTC-USD', 'USD', null],
  ['kraken', 'spot', 'BTC/USD', 'USD', null],
  ['kraken', 'perp', 'PF_XBTUSD', 'USD', 1],
  ['okx', 'spot', 'BTC-USDT', 'USDT', null],
  ['okx', 'perp', 'BTC-USDT-SWAP', 'USDT', 8],
  ['bybit', 'spot', 'BTCUSDT', 'USDT', null],
  ['bybit', 'perp', 'BTCUSDT', 'USDT', 8],
  ['hyperliquid', 'perp', 'BTC', 'USDC', 1],
];
const NOW = 1767225610000;

function merged() {
  const quotes = allocateVenueQuotes(LISTINGS.length);
  LISTINGS.forEach(([venue, market, symbol, quote, hours], j) => {
    for (const text of fixtureFrames(`venues/${venue}/${market}-frames.jsonl`)) {
      for (const u of venueNamed(venue)!.parseFrame(text, market).updates) {
        if (u.symbol === symbol)
          applyUpdate(quotes, j, u, { usdPerQuote: USD_PER[quote], fundingIntervalHours: hours }, NOW - 5000);
      }
    }
  });
  return quotes;
}

function pool(quotes: ReturnType<typeof merged>) {
  const out = allocatePoolOutput(1, LISTINGS.length);
  poolQuotes(
    { offsets: Int32Array.of(0, LISTINGS.length), prices: quotes.price, volumes: quotes.volume24hUsd, ts: quotes.ts },
    { nowMs: NOW, staleMs: 60_000, band: 0.02 },
    out,
  );
  return out;
}

t.test("every venue's BTC quote, in USD, pools within 2%", async (t) => {
  const quotes = merged();
  t.ok(
    quotes.price.every((p) => p > 87_000 && p < 88_000),
    `prices in USD: ${[...quotes.price].join(', ')}`,
  );
  t.equal(quotes.price[0], 87650.9 * 0.9995, "Binance spot's USDT price converted");
  t.ok(
    quotes.volume24hUsd.every((v) => v > 0),
    'every listing has a 24h volume in USD',
  );
  t.same(
    [...quotes.fundingRate].map((f, j) => Number.isNaN(f) === (LISTINGS[j]![4] === null)),
    LISTINGS.map(() => true),
    'funding on perpetuals only',
  );
  t.same(
    [...quotes.openInterestUsd].map((oi) => oi > 0),
    [false, false, false, false, true, false, true, false, true, true],
    "open interest where the venue streams it (Binance's is polled over REST)",
  );
  const out = pool(quotes);
  t.equal(out.inPool[0], LISTINGS.length);
  t.ok(out.price[0]! > Math.min(...quotes.price) && out.price[0]! < Math.max(...quotes.price));
});

t.test('a venue quoting 50% off is an outlier, and the pool stands', async (t) => {
  const quotes = merged();
  const before = pool(quotes).price[0]!;
  const lie = blankUpdate('BTC-USD', NOW - 1000);
  lie.price = 87_700 * 1.5;
  applyUpdate(quotes, 2, lie, { usdPerQuote: 1, fundingIntervalHours: null }, NOW - 1000);
  const out = pool(quotes);
  t.equal(out.reason[2], OUT_OUTLIER);
  t.same([...out.reason].filter((r) => r === IN_POOL).length, LISTINGS.length - 1);
  t.ok(Math.abs(out.price[0]! - before) / before < 0.001, `pooled ${out.price[0]} against ${before}`);
});
