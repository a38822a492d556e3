// The demo universe: every kind, sane listings, and a deterministic, continuous history over aligned windows.
import t from 'tap';
import { demoHistory, regroup } from '../../../core/demo/history.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../core/time.js';
import { DEMO_INSTRUMENTS, DEMO_VENUES, demoListings } from '../../../core/demo/universe.js';
import { INSTRUMENT_KINDS } from '../../../core/vocabulary.js';

const SEED = 20261121;
const ANCHOR = Date.UTC(2026, 10, 21, 15, 42, 17);

t.test('about 30 instruments covering every kind, unique symbols', (t) => {
  t.ok(DEMO_INSTRUMENTS.length >= 28 && DEMO_INSTRUMENTS.length <= 32);
  t.same([...new Set(DEMO_INSTRUMENTS.map((i) => i.kind))].sort(), [...INSTRUMENT_KINDS].sort());
  t.equal(new Set(DEMO_INSTRUMENTS.map((i) => i.symbol.toLowerCase())).size, DEMO_INSTRUMENTS.length);
  t.end();
});

t.test('listings: crypto spot and perp on 4-8 venues, the rest perps on 3-4; shares sum to 1', (t) => {
  const listings = demoListings(SEED);
  t.same(demoListings(SEED), listings, 'deterministic');
  t.notSame(demoListings(SEED + 1), listings, 'another seed, another draw');
  for (const inst of DEMO_INSTRUMENTS) {
    const own = listings.filter((l) => l.symbol === inst.symbol);
    const venues = new Set(own.map((l) => l.venue));
    const share = own.reduce((a, l) => a + l.share, 0);
    if (Math.abs(share - 1) > 1e-9) t.fail(`${inst.symbol}: shares sum to ${share}`);
    if (inst.kind === 'crypto') {
      if (venues.size < 4 || venues.size > 8) t.fail(`${inst.symbol}: ${venues.size} venues`);
      if (!own.some((l) => l.market === 'spot') || !own.some((l) => l.market === 'perp')) t.fail(`${inst.symbol}: needs spot and perp`);
    } else if (venues.size < 3 || venues.size > 4 || own.some((l) => l.market !== 'perp')) t.fail(`${inst.symbol}: ${venues.size} venues`);
    for (const l of own) {
      if ((l.market === 'perp') !== (l.fundingIntervalHours !== null)) t.fail(`${inst.symbol}@${l.venue}: funding interval`);
      if (!DEMO_VENUES.some((v) => v.id === l.venue)) t.fail(`unknown venue ${l.venue}`);
    }
    const keys = own.map((l) => `${l.venue}:${l.market}`);
    if (new Set(keys).size !== keys.length) t.fail(`${inst.symbol}: duplicate listing`);
  }
  t.end();
});

t.test('history: deterministic, aligned windows, continuous path, sane bars', (t) => {
  for (const inst of DEMO_INSTRUMENTS) {
    const h = demoHistory(inst, SEED, ANCHOR);
    const again = demoHistory(inst, SEED, ANCHOR);
    if (h.minute.close.at(-1) !== again.minute.close.at(-1) || h.daily.close[100] !== again.daily.close[100]) t.fail(`${inst.symbol}: not deterministic`);
    if (h.minuteStart % DAY_MS !== 0) t.fail('1m window starts at midnight UTC');
    if (ANCHOR - h.minuteStart < DAY_MS) t.fail('1m bars cover at least the last 24 hours');
    if (h.minute.ts.at(-1)! !== ANCHOR - (ANCHOR % MINUTE_MS) - MINUTE_MS) t.fail('1m bars run up to the open minute');
    if (h.hourly.ts.at(-1)! + HOUR_MS !== h.minuteStart) t.fail('hourly bars end where 1m bars start');
    if (h.hourly.ts[0] !== h.minuteStart - 30 * DAY_MS) t.fail('30 days of hourly bars');
    if (h.daily.ts.at(-1)! + DAY_MS !== h.minuteStart) t.fail('daily bars end where 1m bars start');
    if (h.minuteStart - h.daily.ts[0]! < 730 * DAY_MS) t.fail('at least two years of daily bars');
    for (const series of [h.daily, h.hourly, h.minute]) {
      for (let k = 0; k < series.ts.length; k++) {
        const [o, hi, lo, c] = [series.open[k]!, series.high[k]!, series.low[k]!, series.close[k]!];
        if (!(lo > 0 && lo <= Math.min(o, c) && hi >= Math.max(o, c) && series.volume[k]! > 0)) {
          t.fail(`${inst.symbol}: bad bar at ${k}`);
          break;
        }
        if (k > 0 && series.open[k] !== series.close[k - 1]) {
          t.fail(`${inst.symbol}: gap at ${k}`);
          break;
        }
      }
    }
    if (h.hourly.open[0] !== h.daily.close[729] || h.minute.open[0] !== h.hourly.close.at(-1)) t.fail(`${inst.symbol}: windows do not join`);
    const lastMonth = regroup(h.hourly, DAY_MS);
    if (h.daily.close.at(-1) !== lastMonth.close.at(-1)) t.fail('recent daily bars are the hourly bars regrouped');
  }
  t.pass('checked every instrument');
  t.end();
});
