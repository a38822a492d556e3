// Every real sample under crypto/ and equities_daily/, by name, read by the parser it belongs to (the venue tests and
// the history tests check what each holds); a sample that no parser here is for says why. A new sample appearing
// fails this test until it is placed.
import t from 'tap';
import { historyFormat } from '../../../core/sources/history/index.js';
import { hyperliquidUniverse, parseAllDexsAssetCtxs } from '../../../core/sources/venues/hyperliquid.js';
import { venueNamed } from '../../../core/sources/venues/index.js';
import { readRealdata, realdataFiles, realdataSkip } from '../../../harness/realdata.js';

const rest = (venue: string, market: 'spot' | 'perp') => venueNamed(venue)!.markets[market]!.rest;
const history = (format: string) => (text: string, path: string) =>
  historyFormat(format)!.read(text, path.split('/').pop()!).bars.length;
const count = (r: { length: number } | { updates: unknown[] }) => ('length' in r ? r.length : r.updates.length);

/** Each sample, and what reads it into how many records (bars, points, updates); a string says why nothing here does. */
const SAMPLES: Record<string, ((text: string, path: string) => number) | string> = {
  'crypto/binance/data.binance.vision_spot_klines_BTCUSDT-1h-2022-01.csv': history('binance-klines'),
  'crypto/binance/spot_api_v3_klines_BTCUSDT_1m_2021-10-22.json': (text) =>
    count(rest('binance', 'spot').parseKlines(text)),
  'crypto/binance/usdm_fapi_v1_continuousKlines_DOCS-EXAMPLE.json': (text) =>
    count(rest('binance', 'perp').parseKlines(text)),
  'crypto/binance/usdm_fapi_v1_fundingRate_DOCS-EXAMPLE.json': (text) =>
    count(rest('binance', 'perp').parseFundingHistory!(text)),
  'crypto/binance/usdm_fapi_v1_klines_DOCS-EXAMPLE.json': (text) => count(rest('binance', 'perp').parseKlines(text)),
  'crypto/binance/usdm_fapi_v1_openInterest_DOCS-EXAMPLE.json': (text) =>
    count(rest('binance', 'perp').parseOpenInterest!(text)),
  'crypto/binance/usdm_fapi_v1_premiumIndex_DOCS-EXAMPLE.json': (text) =>
    count(rest('binance', 'perp').parseSnapshot!(text, 'BTCUSDT')),
  'crypto/binance/usdm_futures_data_openInterestHist_DOCS-EXAMPLE.json': (text) =>
    count(rest('binance', 'perp').parseOpenInterest!(text)),
  'crypto/coinbase/brokerage_market_products_candles_BTC-USD_1h_2024-04-04.json': history('coinbase-candles'),
  'crypto/coinbase/brokerage_market_products_ticker_BTC-USD_2026-04-07.json': (text) =>
    count(rest('coinbase', 'spot').parseSnapshot!(text, 'BTC-USD')),
  'crypto/hyperliquid/info_allMids_2023-07-17.json': (text) =>
    venueNamed('hyperliquid')!.parseFrame(
      JSON.stringify({ channel: 'allMids', data: { mids: JSON.parse(text) } }),
      'perp',
    ).updates.length,
  'crypto/hyperliquid/info_candleSnapshot_kPEPE_1h_2023-05-21.json': (text) =>
    count(rest('hyperliquid', 'perp').parseKlines(text)),
  'crypto/hyperliquid/info_fundingHistory_BTC_2023-05-12_to_2023-07-17.json': (text) =>
    count(rest('hyperliquid', 'perp').parseFundingHistory!(text)),
  'crypto/hyperliquid/info_l2Book_DYDX_2023-07-17.json':
    'an order book: Tapewire pools prices, volumes and funding, not books',
  'crypto/hyperliquid/info_meta_2023-07-17.json': (text) => hyperliquidUniverse(text).length,
  'crypto/hyperliquid/ws_allDexsAssetCtxs_2026-05.json': (text) =>
    count(
      parseAllDexsAssetCtxs(text, hyperliquidUniverse(readRealdata('crypto/hyperliquid/info_meta_2023-07-17.json'))),
    ),
  'crypto/kraken/futures_historical_funding_rates.json': (text) =>
    count(rest('kraken', 'perp').parseFundingHistory!(text)),
  'crypto/kraken/public_OHLC_XBTUSDT_1m_2025-11-10.json': history('kraken-ohlc'),
  'crypto/kraken/public_Ticker_XBTUSDT.json': (text) => count(rest('kraken', 'spot').parseSnapshot!(text, 'BTC/USDT')),
  'crypto/ohlcv_csv/binance_spot_BTCUSDT_1h.csv': history('binance-klines'),
  'crypto/ohlcv_csv/binance_spot_BTCUSDT_5m.csv': history('binance-klines'),
  'crypto/ohlcv_csv/binance_spot_ETHUSDT_15m.csv': history('binance-klines'),
  'crypto/okx/api_v5_public_mark_price_BTC-USDT-SWAP.json': (text) =>
    count(rest('okx', 'perp').parseSnapshot!(text, 'BTC-USDT-SWAP')),
  'equities_daily/stooq/aapl_us_d.csv': history('stooq'),
  'equities_daily/stooq/msft_us_d.csv': history('stooq'),
  'equities_daily/stooq/nvda_us_d.csv': history('stooq'),
  'equities_daily/stooq/spy_us_d.csv': history('stooq'),
};

t.test('every sample is placed, and its parser reads records from it', { skip: realdataSkip('') }, async (t) => {
  const files = [...realdataFiles('crypto'), ...realdataFiles('equities_daily')];
  t.same(
    files.filter((f) => !(f in SAMPLES)),
    [],
    'no sample left unplaced',
  );
  for (const [path, read] of Object.entries(SAMPLES)) {
    if (typeof read === 'string') continue;
    if (!files.includes(path)) t.fail(`${path} is gone`);
    else t.ok(read(readRealdata(path), path) > 0, path);
  }
});
