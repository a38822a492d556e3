// Binance klines files: data.binance.vision CSV (microsecond times, a header or none), the REST JSON, named-column
// CSVs rolled up from 5m to 1h in whole hours, the interval from the klines' own close times; and the real files.
import t from 'tap';
import { binanceKlinesHistory } from '../../../../core/sources/history/binance-klines.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { payloadError } from '../../../helpers/venue-frames.js';

t.test('data.binance.vision CSV of 2025 on: times in microseconds, no header', async (t) => {
  const h = binanceKlinesHistory(fixture('history/binance/ETHUSDT-1m-2026-01.csv'), 'ETHUSDT-1m-2026-01.csv');
  t.same(
    [h.source, h.symbol, h.venueSymbol, h.quoteCurrency, h.interval, h.officialLabel],
    ['binance', 'ETH', 'ETHUSDT', 'USDT', '1m', null],
  );
  t.same(
    [[...h.bars.ts], h.bars.volume[0], h.bars.volumeEstimated],
    [[1767225600000, 1767225660000, 1767225720000], 353210.55201, false],
  );
});

t.test("a collector's 5m CSV is rolled up into its whole hours", async (t) => {
  const h = binanceKlinesHistory(fixture('history/binance/binance_spot_SOLUSDT_5m.csv'), 'binance_spot_SOLUSDT_5m.csv');
  t.same(
    [h.symbol, h.interval, h.fileInterval, h.bars.length, h.bars.ts[0]],
    ['SOL', '1h', '5m', 1, Date.UTC(2026, 0, 1, 1)],
  );
  t.same([h.bars.open[0], h.bars.close[0]], [142.4, 144], 'the open of its first 5 minutes, the close of its last');
  t.equal(
    h.bars.volumeBase[0],
    Array.from({ length: 12 }, (_, k) => 1000 + 37 * (k + 3)).reduce((a, b) => a + b),
  );
  t.same(
    h.bars.skipped.map((s) => s.reason),
    ['3 of the 12 5m bars of this 1h period: not rolled up', '2 of the 12 5m bars of this 1h period: not rolled up'],
  );
});

t.test("the interval: from the klines' close times, else the name, else the bars' spacing", async (t) => {
  const kline = (open: number, close: number) => [open, '1', '2', '0.5', '1.5', '10', close, '15', 3, '5', '7', '0'];
  t.equal(
    binanceKlinesHistory(JSON.stringify([kline(1767225600000, 1767229199999)]), 'x.json').interval,
    '1h',
    'one kline says its length',
  );
  t.equal(
    payloadError(() =>
      binanceKlinesHistory(
        JSON.stringify([kline(1767225600000, 1767225659999), kline(1767225900000, 1767225959999)]),
        'x.json',
      ),
    ),
    'the file says its bars are 1m long but they are 5m apart',
  );
  t.match(
    payloadError(() => binanceKlinesHistory(JSON.stringify([kline(1767225600000, 1767830399999)]), 'BTCUSDT-1w.json')),
    /1w bars do not fit the kept intervals/,
  );
  t.match(
    payloadError(() =>
      binanceKlinesHistory(
        'timestamp,open,high,low,close,volume\n2026-01-01 00:00:00,1,2,0.5,1.5,10\n2026-01-01 01:00:00,1,2,0.5,1.5,10',
        'BTCUSDT_1m.csv',
      ),
    ),
    /the file says its bars are 1m long but they are 1h apart/,
  );
  t.match(
    payloadError(() =>
      binanceKlinesHistory('timestamp,open,high,low,close,volume\n2026-01-01 00:00:00,1,2,0.5,1.5,10', 'prices.csv'),
    ),
    /one bar and no interval in the file name/,
  );
  t.match(
    payloadError(() => binanceKlinesHistory('time,price\n1,2', 'BTCUSDT-1m.csv')),
    /the header has no open, high, low, close, volume column/,
  );
  t.match(
    payloadError(() => binanceKlinesHistory('[{"open": 1}', 'BTCUSDT-1m.json')),
    /^not JSON/,
  );
});

t.test('the real files', { skip: realdataSkip('') }, async (t) => {
  const vision = binanceKlinesHistory(
    readRealdata('crypto/binance/data.binance.vision_spot_klines_BTCUSDT-1h-2022-01.csv'),
    'data.binance.vision_spot_klines_BTCUSDT-1h-2022-01.csv',
  );
  t.same(
    [
      vision.symbol,
      vision.quoteCurrency,
      vision.interval,
      vision.bars.length,
      vision.bars.skipped,
      vision.bars.ts[0],
      vision.bars.volume[0],
    ],
    ['BTC', 'USDT', '1h', 744, [], 1640995200000, 69879986.3904993],
    'a header added by hand, read by its names',
  );
  const api = binanceKlinesHistory(
    readRealdata('crypto/binance/spot_api_v3_klines_BTCUSDT_1m_2021-10-22.json'),
    'spot_api_v3_klines_BTCUSDT_1m_2021-10-22.json',
  );
  t.same([api.symbol, api.interval, api.bars.length], ['BTC', '1m', 10]);
  t.match(
    payloadError(() =>
      binanceKlinesHistory(
        readRealdata('crypto/binance/usdm_fapi_v1_klines_DOCS-EXAMPLE.json'),
        'usdm_fapi_v1_klines_DOCS-EXAMPLE.json',
      ),
    ),
    /1w bars do not fit/,
    "the documentation's example is a week long",
  );
  const continuous = binanceKlinesHistory(
    readRealdata('crypto/binance/usdm_fapi_v1_continuousKlines_DOCS-EXAMPLE.json'),
    'usdm_fapi_v1_continuousKlines_DOCS-EXAMPLE.json',
  );
  t.same(
    [continuous.symbol, continuous.interval, continuous.bars.close[0]],
    [null, '1m', 18896.13],
    'no pair in the name: the caller names the symbol',
  );
  const expected: Record<string, [string, string, string, number]> = {
    'binance_spot_BTCUSDT_1h.csv': ['BTC', '1h', '1h', 500],
    'binance_spot_BTCUSDT_5m.csv': ['BTC', '1h', '5m', 40],
    'binance_spot_ETHUSDT_15m.csv': ['ETH', '1h', '15m', 125],
  };
  for (const [name, [symbol, interval, fileInterval, bars]] of Object.entries(expected)) {
    const h = binanceKlinesHistory(readRealdata(`crypto/ohlcv_csv/${name}`), name);
    t.same(
      [h.symbol, h.interval, h.fileInterval, h.bars.length, h.bars.volumeEstimated],
      [symbol, interval, fileInterval, bars, true],
      name,
    );
  }
});
