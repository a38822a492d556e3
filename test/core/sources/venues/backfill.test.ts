// What a listing's backfill asks for and keeps: the window since its last stored bar, the venue's pages as one
// series cut to it and in USD, and the perpetuals' funding and open interest by the hour (real samples included).
import t from 'tap';
import {
  backfillWindow,
  barsInUsd,
  holdsWholeHour,
  hourlyDerivatives,
  joinPages,
  usdLike,
} from '../../../../core/sources/venues/backfill.js';
import { venueNamed } from '../../../../core/sources/venues/index.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';

const M = 60_000;
const H = 3_600_000;
const binance = venueNamed('binance')!;
const hyperliquid = venueNamed('hyperliquid')!;

t.test(
  'the window runs from the minute after the last stored bar to the open minute, within the reach back',
  async (t) => {
    const now = Date.UTC(2026, 10, 25, 12, 30, 20);
    const minute = Date.UTC(2026, 10, 25, 12, 30);
    t.same(backfillWindow(minute - 10 * M, NaN, now, 24 * H), { fromMs: minute - 9 * M, toMs: minute });
    t.same(
      backfillWindow(null, NaN, now, 2 * H),
      { fromMs: minute - 2 * H, toMs: minute },
      'nothing stored: the whole reach back',
    );
    t.same(
      backfillWindow(minute - 48 * H, NaN, now, 24 * H),
      { fromMs: minute - 24 * H, toMs: minute },
      'a longer downtime: its last part',
    );
    t.equal(backfillWindow(minute - M, NaN, now, 24 * H), null, 'the last closed minute is stored: nothing to fetch');
    t.equal(backfillWindow(minute, NaN, now, 24 * H), null, 'the open minute is the live feed’s');
    t.same(
      backfillWindow(minute - 10 * M, minute - 5 * M + 30_000, now, 24 * H),
      { fromMs: minute - 4 * M, toMs: minute },
      'after the minute of the last live price, built by the ticks',
    );
    t.equal(
      backfillWindow(minute - 2 * M, minute - 1, now, 24 * H),
      null,
      'a reconnect right after a price: the ticks have it all, stored or not',
    );
    t.ok(
      holdsWholeHour(Date.UTC(2026, 10, 25, 10, 0), Date.UTC(2026, 10, 25, 11, 0)),
      'funding and open interest history for a gap holding a whole hour',
    );
    t.notOk(
      holdsWholeHour(Date.UTC(2026, 10, 25, 10, 5), Date.UTC(2026, 10, 25, 11, 50)),
      'not for one whose hours all had live quotes',
    );
  },
);

t.test('pages join into one series in the window, the first page’s bar kept at a repeated minute', async (t) => {
  const spot = binance.markets.spot!.rest;
  const page = spot.parseKlines(fixture('venues/binance/spot-klines.json'));
  const first = page.ts[0]!;
  const joined = joinPages([page, page], first + M, page.ts[page.length - 1]!);
  t.same(
    Array.from(joined.ts),
    Array.from(page.ts.subarray(1, page.length - 1)),
    'cut to [from, to), each minute once',
  );
  t.ok(usdLike('USDT') && usdLike('USD') && !usdLike('EUR'));
});

t.test(
  'a real page of Binance klines joins whole and turns to USD at the quote’s rate',
  { skip: realdataSkip('crypto/binance') },
  async (t) => {
    const spot = binance.markets.spot!.rest;
    const real = spot.parseKlines(readRealdata('crypto/binance/spot_api_v3_klines_BTCUSDT_1m_2021-10-22.json'));
    const all = joinPages([real], 0, Infinity);
    t.equal(all.length, 10, 'the real sample’s ten minutes');
    t.equal(all.close[0], 60719.27);
    const usd = barsInUsd(joinPages([real], 0, Infinity), 0.999);
    t.equal(usd.close[0], 60719.27 * 0.999, 'prices in USD at the quote’s rate');
    t.equal(usd.volume[0], all.volume[0]! * 0.999, 'and the quote volume');
  },
);

t.test(
  'funding and open interest by the hour: the rate in force restated per the listing, the hour’s last open interest',
  async (t) => {
    const perp = binance.markets.perp!.rest;
    const funding = perp.parseFundingHistory!(fixture('venues/binance/perp-funding.json'));
    const oi = perp.parseOpenInterest!(fixture('venues/binance/perp-open-interest-hist.json'));
    const from = oi.ts[0]! - (oi.ts[0]! % H);
    const hours = hourlyDerivatives(
      funding,
      oi,
      8,
      1,
      {
        ts: new Float64Array(0),
        open: new Float64Array(0),
        high: new Float64Array(0),
        low: new Float64Array(0),
        close: new Float64Array(0),
        volume: new Float64Array(0),
        length: 0,
      },
      from,
      from + H,
    );
    t.same(Array.from(hours.ts), [from]);
    const paid = Array.from(funding.ts).filter((ts) => ts < from + H).length - 1;
    t.equal(hours.fundingRate[0], funding.rate[paid], 'the last payment by the hour’s end');
    const last = Array.from(oi.ts).filter((ts) => ts < from + H).length - 1;
    t.equal(hours.openInterestUsd[0], oi.quote[last], 'the last open interest of the hour, in USDT read as USD');
  },
);

t.test(
  'Hyperliquid’s real hourly funding history, restated per an 8-hour listing',
  { skip: realdataSkip('crypto/hyperliquid') },
  async (t) => {
    const real = hyperliquid.markets.perp!.rest.parseFundingHistory!(
      readRealdata('crypto/hyperliquid/info_fundingHistory_BTC_2023-05-12_to_2023-07-17.json'),
    );
    const start = Date.UTC(2023, 6, 1);
    const day = hourlyDerivatives(
      real,
      null,
      8,
      1,
      {
        ts: new Float64Array(0),
        open: new Float64Array(0),
        high: new Float64Array(0),
        low: new Float64Array(0),
        close: new Float64Array(0),
        volume: new Float64Array(0),
        length: 0,
      },
      start,
      start + 24 * H,
    );
    t.equal(day.ts.length, 24, 'Hyperliquid pays hourly: every hour of a day has its rate');
    const k = Array.from(real.ts).findIndex((ts) => ts >= start + 5 * H && ts < start + 6 * H);
    t.equal(day.fundingRate[5], real.rate[k]! * 8, 'an hourly rate restated per the listing’s 8 hours');
    t.ok(
      day.openInterestUsd.every((x) => Number.isNaN(x)),
      'no open interest history: none said',
    );
  },
);
