// OKX candles, Kraken OHLC and Coinbase candles saved as files: the instrument and interval from the name, the bars
// still forming left out, OKX's Hong Kong days refused; and the real Kraken and Coinbase files.
import t from 'tap';
import { coinbaseCandlesHistory } from '../../../../core/sources/history/coinbase-candles.js';
import { krakenOhlcHistory } from '../../../../core/sources/history/kraken-ohlc.js';
import { okxCandlesHistory } from '../../../../core/sources/history/okx-candles.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { payloadError } from '../../../helpers/venue-frames.js';

t.test('OKX: hourly spot candles, the forming one left out', async (t) => {
  const h = okxCandlesHistory(fixture('history/okx/BTC-USDT_1H.json'), 'BTC-USDT_1H.json');
  t.same(
    [
      h.source,
      h.symbol,
      h.venueSymbol,
      h.quoteCurrency,
      h.interval,
      h.bars.length,
      h.bars.volume[0],
      h.bars.volumeBase[0],
    ],
    ['okx', 'BTC', 'BTC-USDT', 'USDT', '1h', 2, 12280100.7, 140.1],
  );
  t.same(h.bars.skipped, [{ item: 'candles[0]', reason: 'the bar still forming' }]);
  const swap = okxCandlesHistory(fixture('venues/okx/perp-candles.json'), 'BTC-USDT-SWAP_1m.json');
  t.same(
    [swap.venueSymbol, swap.interval, swap.bars.volumeBase[0]],
    ['BTC-USDT-SWAP', '1m', 66.1],
    "a swap's base volume is volCcy",
  );
});

t.test('OKX: its 1D bars open at 16:00 UTC and are refused', async (t) => {
  t.match(
    payloadError(() => okxCandlesHistory(fixture('history/okx/BTC-USDT_1D.json'), 'BTC-USDT_1D.json')),
    /bars open at 2025-12-31T16:00:00.000Z, not on a 1d boundary of UTC/,
  );
  t.equal(
    payloadError(() => okxCandlesHistory(fixture('venues/okx/error.json'), 'BTC-USDT_1m.json')),
    "OKX error 51001: Instrument ID or Spread ID doesn't exist.",
  );
});

t.test(
  'Kraken: the OHLCVT file, its interval in minutes in its name; the REST answer without its forming bar',
  async (t) => {
    const csv = krakenOhlcHistory(fixture('history/kraken/XBTUSD_60.csv'), 'XBTUSD_60.csv');
    t.same(
      [
        csv.source,
        csv.symbol,
        csv.venueSymbol,
        csv.quoteCurrency,
        csv.interval,
        csv.bars.length,
        csv.bars.volumeEstimated,
      ],
      ['kraken', 'BTC', 'XBTUSD', 'USD', '1h', 3, true],
    );
    t.match(
      payloadError(() => krakenOhlcHistory(fixture('history/kraken/XBTUSD_60.csv'), 'XBTUSD_1440.csv')),
      /says its bars are 1d long but they are 1h apart/,
    );
    const json = krakenOhlcHistory(fixture('venues/kraken/spot-ohlc.json'), 'ohlc.json');
    t.same(
      [json.symbol, json.venueSymbol, json.quoteCurrency, json.interval, json.bars.length],
      ['BTC', 'XXBTZUSD', 'USD', '1m', 3],
      "the pair from the answer, in Kraken's legacy name",
    );
  },
);

t.test("Coinbase: Exchange's daily candles, the product from the name", async (t) => {
  const h = coinbaseCandlesHistory(fixture('history/coinbase/ETH-USD_1d.json'), 'ETH-USD_1d.json');
  t.same(
    [h.source, h.symbol, h.venueSymbol, h.quoteCurrency, h.interval, [...h.bars.close]],
    ['coinbase', 'ETH', 'ETH-USD', 'USD', '1d', [2933, 2960.5]],
  );
  t.same(
    [coinbaseCandlesHistory(fixture('venues/coinbase/candles.json'), 'candles_2026-01-01.json').symbol],
    [null],
    'no product in the name: the caller names it',
  );
});

t.test('the real files', { skip: realdataSkip('') }, async (t) => {
  const k = krakenOhlcHistory(
    readRealdata('crypto/kraken/public_OHLC_XBTUSDT_1m_2025-11-10.json'),
    'public_OHLC_XBTUSDT_1m_2025-11-10.json',
  );
  t.same(
    [k.symbol, k.venueSymbol, k.quoteCurrency, k.interval, k.bars.length, k.bars.skipped.length],
    ['BTC', 'XBTUSDT', 'USDT', '1m', 720, 1],
  );
  const c = coinbaseCandlesHistory(
    readRealdata('crypto/coinbase/brokerage_market_products_candles_BTC-USD_1h_2024-04-04.json'),
    'brokerage_market_products_candles_BTC-USD_1h_2024-04-04.json',
  );
  t.same([c.symbol, c.venueSymbol, c.interval, c.bars.length], ['BTC', 'BTC-USD', '1h', 2]);
});
