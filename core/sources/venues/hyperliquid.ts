// Hyperliquid perpetuals: the activeAssetCtx subscription of each coin (mid and mark price, day volume in USDC,
// open interest, and the funding rate, paid every hour). Asset contexts without names (the REST metaAndAssetCtxs
// answer, the allDexsAssetCtxs channel) are read against the universe, whose order names them. The client pings when
// it has nothing else to send: the server drops a connection silent for a minute.
import { ItemError, isObject, readEach } from '../fields.js';
import { collectBars, type HistoryBars } from '../history/bars.js';
import { PayloadError } from '../records.js';
import { collectFunding, type FundingHistory } from './derivatives.js';
import { jsonPayload, listIn, readFrame } from './payload.js';
import type { MarketProtocol, RestRequest, VenueProtocol } from './protocol.js';
import { amount, epochMs, excerpt, num, obj, optAmount, optPrice, price, rate, text, venueMessage } from './read.js';
import {
  blankUpdate,
  controlFrame,
  type ParsedFrame,
  type ParsedUpdates,
  skippedFrame,
  updatesFrame,
  type VenueUpdate,
} from './update.js';

const FUNDING_HOURS = 1;

const info = (body: Record<string, unknown>): RestRequest => ({
  method: 'POST',
  path: '/info',
  body: JSON.stringify(body),
});

/** An asset context: mid price (null without a book), mark price, day volume in USDC, open interest in coins, funding per hour. */
function assetCtx(coin: string, raw: unknown): VenueUpdate {
  const o = obj(raw, 'ctx');
  // Contexts carry no time: they are as of their arrival.
  const u = blankUpdate(coin, NaN);
  u.price = optPrice(o.midPx, 'midPx');
  u.markPrice = price(o.markPx, 'markPx');
  u.volume24hBase = optAmount(o.dayBaseVlm, 'dayBaseVlm');
  u.volume24hQuote = optAmount(o.dayNtlVlm, 'dayNtlVlm');
  u.openInterestBase = optAmount(o.openInterest, 'openInterest');
  u.fundingRate = num(o.funding, 'funding');
  u.fundingIntervalHours = FUNDING_HOURS;
  return u;
}

/** The coin names of a `meta` answer ({universe: [{name}, ...]}), in the order asset contexts follow. */
export function hyperliquidUniverse(text: string): string[] {
  return universeOf(jsonPayload(text));
}

function universeOf(meta: unknown): string[] {
  const universe = listIn(isObject(meta) ? meta.universe : undefined, 'a meta answer {"universe": [...]}');
  return universe.map((a, k) => (isObject(a) && typeof a.name === 'string' ? a.name : `#${k}`));
}

/** Unnamed contexts, named by their place in `universe`; those past its end (listed since) are skipped. */
function namedCtxs(ctxs: unknown[], universe: string[], name: string): ParsedUpdates {
  const { records, skipped } = readEach(ctxs, name, (raw, k) => {
    const coin = universe[k];
    if (coin === undefined) throw new ItemError(`no coin at place ${k} of the universe (${universe.length} coins)`);
    return assetCtx(coin, raw);
  });
  return { updates: records, skipped };
}

/**
 * An allDexsAssetCtxs frame {channel, data: {ctxs: [[dex, [ctx, ...]], ...]}}: the contexts of the main dex ("")
 * named by `universe` (hyperliquidUniverse of its meta); builder-deployed dexes have universes of their own, and
 * their contexts are skipped.
 */
export function parseAllDexsAssetCtxs(text: string, universe: string[]): ParsedUpdates {
  const doc = jsonPayload(text);
  if (!isObject(doc) || doc.channel !== 'allDexsAssetCtxs' || !isObject(doc.data))
    throw new PayloadError(`expected an allDexsAssetCtxs frame, got ${excerpt(doc)}`);
  const dexes = listIn(doc.data.ctxs, 'data.ctxs');
  const main = dexes.find((d) => Array.isArray(d) && d[0] === '');
  const others = dexes
    .filter((d) => d !== main)
    .map((d) => ({
      item: `dex ${excerpt(Array.isArray(d) ? d[0] : d)}`,
      reason: 'not the main dex: its universe is not the one given',
    }));
  const named = namedCtxs(
    listIn(Array.isArray(main) ? main[1] : undefined, "the main dex's contexts"),
    universe,
    'ctxs',
  );
  return { updates: named.updates, skipped: [...named.skipped, ...others] };
}

/** metaAndAssetCtxs [{universe}, [ctx, ...]]: every coin's context, of which `symbol`'s is kept. */
function parseSnapshot(text: string, symbol: string): ParsedUpdates {
  const doc = listIn(jsonPayload(text), 'a metaAndAssetCtxs answer [meta, contexts]');
  const universe = universeOf(doc[0]);
  const k = universe.indexOf(symbol);
  if (k < 0) throw new PayloadError(`${symbol} is not in the universe`);
  const ctxs = listIn(doc[1], 'a list of asset contexts');
  return namedCtxs(ctxs.slice(k, k + 1), [symbol], `ctxs(${k})`);
}

function parseKlines(text: string): HistoryBars {
  return collectBars(listIn(jsonPayload(text), 'a list of candles'), 'candles', (raw) => {
    const o = obj(raw, 'candle');
    return {
      ts: epochMs(o.t, 't'),
      open: price(o.o, 'o'),
      high: price(o.h, 'h'),
      low: price(o.l, 'l'),
      close: price(o.c, 'c'),
      volumeBase: amount(o.v, 'v'),
      volumeQuote: NaN,
    };
  });
}

function parseFundingHistory(text: string): FundingHistory {
  return collectFunding(listIn(jsonPayload(text), 'a list of funding rates'), 'funding', (raw) => {
    const o = obj(raw, 'funding rate');
    return { ts: epochMs(o.time, 'time'), rate: rate(o.fundingRate, 'fundingRate') };
  });
}

function frame(doc: unknown): ParsedFrame {
  const o = obj(doc, 'frame');
  switch (o.channel) {
    case 'subscriptionResponse':
    case 'pong':
      return controlFrame(o.channel);
    case 'error':
      return skippedFrame(`Hyperliquid error: ${venueMessage(o.data)}`);
    case 'activeAssetCtx': {
      const data = obj(o.data, 'data');
      const { records, skipped } = readEach([data.ctx], 'ctx', (ctx) => assetCtx(text(data.coin, 'coin'), ctx));
      return updatesFrame(records, skipped);
    }
    case 'allMids': {
      const mids = Object.entries(obj(obj(o.data, 'data').mids, 'mids'));
      const { records, skipped } = readEach(mids, 'mids', ([coin, mid]: [string, unknown]) => {
        const u = blankUpdate(coin, NaN);
        u.price = price(mid, coin);
        return u;
      });
      return updatesFrame(records, skipped);
    }
    default:
      return skippedFrame(`unknown channel ${excerpt(o.channel)}`);
  }
}

const perp: MarketProtocol = {
  wsUrl: 'wss://api.hyperliquid.xyz/ws',
  restUrl: 'https://api.hyperliquid.xyz',
  // A coin (BTC, kPEPE), or a builder-deployed dex's (xyz:TSLA).
  symbolPattern: /^([a-z0-9]{1,10}:)?[A-Za-z0-9]{1,20}$/,
  perConnection: 100,
  subscribe: (coins) =>
    coins.map((coin) => JSON.stringify({ method: 'subscribe', subscription: { type: 'activeAssetCtx', coin } })),
  // 2,000 messages a minute per address at most.
  sendGapMs: 50,
  keepalive: {
    send: { text: JSON.stringify({ method: 'ping' }) },
    everyMs: 30_000,
    silenceMs: 60_000,
    lifetimeMs: null,
  },
  sequence: null,
  openInterest: 'ws',
  rest: {
    paging: 'forward',
    // 1,200 weight a minute per address; a candle snapshot weighs 20 and more.
    requestGapMs: 1000,
    klines: (coin, fromMs, toMs) =>
      info({ type: 'candleSnapshot', req: { coin, interval: '1m', startTime: fromMs, endTime: toMs - 1 } }),
    parseKlines,
    fundingHistory: (coin, fromMs, toMs) =>
      info({ type: 'fundingHistory', coin, startTime: fromMs, endTime: toMs - 1 }),
    parseFundingHistory,
    snapshot: () => [info({ type: 'metaAndAssetCtxs' })],
    parseSnapshot,
  },
};

export const hyperliquid: VenueProtocol = {
  id: 'hyperliquid',
  name: 'Hyperliquid',
  markets: { perp },
  parseFrame: (text) => readFrame(text, frame),
};
