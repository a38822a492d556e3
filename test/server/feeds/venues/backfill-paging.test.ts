// Every venue market's kline requests paged over a 11-hour window against a local replay of its REST API, in its own
// format and page size: forward from the start (Binance, Coinbase, Kraken, Hyperliquid) or backward from the end
// (OKX, Bybit), the pages joined into every minute of the window, once each, and nothing outside it.
import t from 'tap';
import { joinPages } from '../../../../core/sources/venues/backfill.js';
import { venueNamed } from '../../../../core/sources/venues/index.js';
import type { Market, RestRequest } from '../../../../core/sources/venues/protocol.js';
import type { Answer } from '../../../../harness/replay.js';
import { startVenueReplay } from '../../../../harness/venue-replay.js';
import { clock } from '../../../../server/clock.js';
import { fetchPages } from '../../../../server/feeds/venues/backfill.js';
import {
  binanceKlines,
  bybitKlines,
  coinbaseCandles,
  hyperliquidCandles,
  type KlineHistory,
  klineAt,
  krakenFuturesCandles,
  krakenOhlc,
  okxCandles,
} from '../../../helpers/venue-klines.js';

const MINUTE = 60_000;
const history: KlineHistory = { price: (ts) => 3_000 + 20 * Math.sin(ts / 600_000), endMs: () => Infinity };

/** Each venue market, a symbol of its form, its answer to a kline request, and the pages 11 hours take (Kraken spot serves its latest 720 minutes, whatever is asked). */
const CASES: {
  venue: string;
  market: Market;
  symbol: string;
  answer: (url: URL, body: string) => Answer | null;
  pages: number;
}[] = [
  {
    venue: 'binance',
    market: 'spot',
    symbol: 'ETHUSDT',
    answer: (url) => (url.pathname === '/api/v3/klines' ? binanceKlines(history, url) : null),
    pages: 1,
  },
  {
    venue: 'binance',
    market: 'perp',
    symbol: 'ETHUSDT',
    answer: (url) => (url.pathname === '/fapi/v1/klines' ? binanceKlines(history, url) : null),
    pages: 1,
  },
  {
    venue: 'coinbase',
    market: 'spot',
    symbol: 'ETH-USD',
    answer: (url) => (url.pathname.endsWith('/candles') ? coinbaseCandles(history, url) : null),
    pages: 2,
  },
  {
    venue: 'kraken',
    market: 'spot',
    symbol: 'ETH/USD',
    answer: (url) => (url.pathname === '/0/public/OHLC' ? krakenOhlc(history, url) : null),
    pages: 1,
  },
  {
    venue: 'kraken',
    market: 'perp',
    symbol: 'PF_ETHUSD',
    answer: (url) => (url.pathname.startsWith('/api/charts/v1/trade/') ? krakenFuturesCandles(history, url) : null),
    pages: 1,
  },
  {
    venue: 'okx',
    market: 'spot',
    symbol: 'ETH-USDT',
    answer: (url) => (url.pathname === '/api/v5/market/history-candles' ? okxCandles(history, url) : null),
    pages: 7,
  },
  {
    venue: 'okx',
    market: 'perp',
    symbol: 'ETH-USDT-SWAP',
    answer: (url) => (url.pathname === '/api/v5/market/history-candles' ? okxCandles(history, url) : null),
    pages: 7,
  },
  {
    venue: 'bybit',
    market: 'spot',
    symbol: 'ETHUSDT',
    answer: (url) => (url.pathname === '/v5/market/kline' ? bybitKlines(history, url) : null),
    pages: 1,
  },
  {
    venue: 'bybit',
    market: 'perp',
    symbol: 'ETHUSDT',
    answer: (url) => (url.pathname === '/v5/market/kline' ? bybitKlines(history, url) : null),
    pages: 1,
  },
  {
    venue: 'hyperliquid',
    market: 'perp',
    symbol: 'ETH',
    answer: (url, body) => (url.pathname === '/info' ? hyperliquidCandles(history, body) : null),
    pages: 1,
  },
];

for (const c of CASES) {
  t.test(`${c.venue} ${c.market}: 11 hours of minutes, every one once`, async (t) => {
    let requests = 0;
    const replay = await startVenueReplay({
      frames: [],
      rest: (url, body) => {
        requests++;
        return c.answer(url, body) ?? { status: 404, body: '{"error":"not replayed"}' };
      },
    });
    t.teardown(() => replay.close());
    const rest = venueNamed(c.venue)!.markets[c.market]!.rest;
    const toMs = clock.now() - (clock.now() % MINUTE);
    const fromMs = toMs - 11 * 60 * MINUTE;
    const skipped: string[] = [];
    const fetchText = async (req: RestRequest): Promise<string | null> => {
      const res = await fetch(replay.restUrl + req.path, { method: req.method, body: req.body });
      return res.ok ? res.text() : null;
    };
    const pages = await fetchPages(
      { rest, fetchText, skipped: (reasons) => skipped.push(...reasons), signal: new AbortController().signal },
      fromMs,
      toMs,
      MINUTE,
      (a, b) => rest.klines(c.symbol, a, b),
      rest.parseKlines,
      'klines',
    );
    const bars = joinPages(pages, fromMs, toMs);
    t.equal(bars.length, 660, 'every minute of the window');
    t.equal(bars.ts[0], fromMs);
    t.equal(bars.ts[659], toMs - MINUTE);
    t.ok(
      bars.ts.every((ts, k) => k === 0 || ts - bars.ts[k - 1]! === MINUTE),
      'in order, none twice',
    );
    t.equal(bars.close[100], klineAt(history, fromMs + 100 * MINUTE).close);
    t.equal(requests, c.pages, `${c.pages} page(s) of the venue's size`);
    t.same(skipped, []);
  });
}
