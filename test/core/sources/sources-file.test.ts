// The sources file: the shipped live crypto set is valid and complete; each kind of bad entry is named with where it
// is, all of them at once.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseSourcesFile, validateSources } from '../../../core/sources/sources-file.js';
import { ROOT } from '../../../harness/root.js';

const LIVE = readFileSync(join(ROOT, 'tapewire.sources.live-crypto.json'), 'utf8');
const live = () => JSON.parse(LIVE);

/** The errors `change` of the live set brings. */
function errorsOf(change: (doc: ReturnType<typeof live>) => void): string[] {
  const doc = live();
  change(doc);
  const checked = validateSources(doc);
  return checked.ok ? [] : checked.errors;
}

t.test(
  'the live crypto set: eight coins on the six venues, spot and perpetual, with their USD conversions',
  async (t) => {
    const checked = parseSourcesFile(LIVE);
    if (!checked.ok) return t.fail(checked.errors.join('\n'));
    const { instruments, quotes, news, calendars } = checked.sources;
    t.same(
      instruments.map((i) => i.symbol),
      ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'AVAX', 'LINK', 'ADA', 'USDT', 'USDC'],
    );
    for (const coin of instruments.slice(0, 8)) {
      t.same(
        [...new Set(coin.listings.map((l) => l.venue))],
        ['binance', 'coinbase', 'kraken', 'okx', 'bybit', 'hyperliquid'],
        `${coin.symbol} on every venue`,
      );
      t.same(
        coin.listings.filter((l) => l.market === 'perp').map((l) => l.venue),
        ['binance', 'kraken', 'okx', 'bybit', 'hyperliquid'],
        `${coin.symbol}: a perpetual wherever the venue has them`,
      );
    }
    t.same(quotes, { USDT: { pool: 'USDT' }, USDC: { pool: 'USDC' } });
    t.ok(news!.length >= 2 && calendars!.length >= 1);
  },
);

t.test('each bad entry is named where it is', async (t) => {
  t.same(
    errorsOf((d) => (d.instruments[1].listings[2].market = 'future')),
    ['instruments[1] (ETH) › listings[2] (coinbase future) › market: expected one of spot, perp, got "future"'],
  );
  t.same(
    errorsOf((d) => (d.instruments[2].listings[6].venueSymbol = 'SOL-USDT')),
    [
      'instruments[2] (SOL) › listings[6] (okx perp): "SOL-USDT" is not in the form of OKX perp symbols (^[A-Z0-9]{1,20}-[A-Z0-9]{2,10}-SWAP$)',
    ],
  );
  t.same(
    errorsOf((d) => delete d.instruments[3].listings[1].fundingIntervalHours),
    ['instruments[3] (XRP) › listings[1] (binance perp): a perpetual needs fundingIntervalHours'],
  );
  t.same(
    errorsOf((d) => (d.instruments[3].listings[0].fundingIntervalHours = 8)),
    ['instruments[3] (XRP) › listings[0] (binance spot): spot pays no funding: remove fundingIntervalHours'],
  );
  t.same(
    errorsOf((d) => (d.instruments[4].symbol = 'btc')),
    ["instruments[4] (btc): symbol btc is already instruments[0]'s (symbols are case-insensitive)"],
  );
  t.same(
    errorsOf((d) => (d.instruments[0].listings[0].venue = 'mtgox')),
    ['instruments[0] (BTC) › listings[0] (mtgox spot): unknown venue mtgox'],
  );
  t.same(
    errorsOf((d) => (d.instruments[0].listings[2].market = 'perp')),
    [
      'instruments[0] (BTC) › listings[2] (coinbase perp): Coinbase has no perp market here',
      'instruments[0] (BTC) › listings[2] (coinbase perp): a perpetual needs fundingIntervalHours',
    ],
  );
  t.same(
    errorsOf((d) => d.instruments[0].listings.push({ ...d.instruments[0].listings[0] })),
    ['instruments[0] (BTC) › listings[10] (binance spot): BTC is listed twice on binance spot'],
  );
  t.same(
    errorsOf((d) => (d.instruments[1].listings[0].venueSymbol = 'BTCUSDT')),
    ["instruments[1] (ETH) › listings[0] (binance spot): BTCUSDT is already BTC's listing"],
  );
  t.same(
    errorsOf((d) => delete d.quotes.USDC),
    [
      ...['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'AVAX', 'LINK', 'ADA'].map(
        (s, i) =>
          `instruments[${i}] (${s}) › listings[9] (hyperliquid perp): no USD conversion for USDC: add "quotes": {"USDC": {"pool": "..."}}`,
      ),
    ],
  );
  t.same(
    errorsOf((d) => (d.quotes.USDC = { pool: 'DOGE' })),
    [
      "quotes › USDC: DOGE's listings must be quoted in USD to convert USDC, not binance spot in USDT, binance perp in USDT, okx spot in USDT, okx perp in USDT, bybit spot in USDT, bybit perp in USDT, hyperliquid perp in USDC",
    ],
  );
  t.same(
    errorsOf((d) => (d.quotes.USDT = { pool: 'TETHER' })),
    ['quotes › USDT: no instrument TETHER in this file to pool its USD price from'],
  );
  t.same(
    errorsOf((d) => (d.quotes.USDT = { fixed: 0 })),
    ['quotes › USDT: expected {"pool": "<an instrument of this file>"} or {"fixed": <USD per unit>}, got {"fixed":0}'],
  );
  t.same(
    errorsOf((d) => (d.news[1].id = d.news[0].id)),
    ['news[1] (coindesk): id coindesk is taken by another feed'],
  );
  t.same(
    errorsOf((d) => (d.calendars[0].format = 'ics')),
    [
      'calendars[0] (fed) › format: expected one of fed-calendar, fred-release-dates, earnings-calendar, nasdaq-ipo, got "ics"',
    ],
  );
  t.same(
    errorsOf((d) => (d.calendars[1].credential = 'my key')),
    ['calendars[1] (fred-cpi) › credential: expected an environment variable name, got "my key"'],
  );
  t.same(
    errorsOf((d) => (d.extra = true)),
    ['extra: unexpected property'],
  );
  t.same(
    errorsOf((d) => delete d.instruments[0].kind),
    ['instruments[0] (BTC) › kind: expected required property'],
  );
});

t.test('every bad entry at once; not JSON is one error', async (t) => {
  const errors = errorsOf((d) => {
    d.instruments[0].listings[0].venue = 'mtgox';
    d.instruments[1].symbol = 'BTC';
    d.news[0].url = 'https://a.example/rss';
  });
  t.equal(errors.length, 2);
  t.match(parseSourcesFile('{"instruments": ['), { ok: false, errors: [/^not JSON/] });
  t.match(validateSources([]), { ok: false, errors: ['the file: expected object'] });
  t.match(validateSources({ instruments: [] }), {
    ok: false,
    errors: ['instruments: expected array length to be greater or equal to 1'],
  });
});
