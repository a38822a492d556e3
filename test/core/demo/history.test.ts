// The demo's recorded history, drawn from its joint market model: deterministic, aligned windows, a continuous path,
// sane bars, each ETF's bars its index's scaled, and windows that join the live minutes drawn after the anchor.
import t from 'tap';
import { demoHistories, demoHistoryStart, MarketPath, regroup } from '../../../core/demo/history.js';
import { demoMarketModel } from '../../../core/demo/market-model.js';
import { ANCHOR_CLOSES } from '../../../core/demo/real-scale.js';
import { DEMO_INSTRUMENTS } from '../../../core/demo/universe.js';
import { demoWorld } from '../../../core/demo/world.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../core/time.js';

const SEED = 20261121;
const ANCHOR = Date.UTC(2026, 10, 21, 15, 42, 17);
const world = demoWorld(SEED, ANCHOR);

t.test('deterministic: the same seed and anchor give the same world, another seed another', async (t) => {
  const again = demoWorld(SEED, ANCHOR);
  t.same(again.story, world.story);
  for (const inst of DEMO_INSTRUMENTS) {
    const [a, b] = [world.histories.get(inst.symbol)!, again.histories.get(inst.symbol)!];
    if (a.minute.close.at(-1) !== b.minute.close.at(-1) || a.daily.close[100] !== b.daily.close[100])
      t.fail(`${inst.symbol}: not deterministic`);
  }
  t.not(
    demoWorld(SEED + 1, ANCHOR).histories.get('BTC')!.daily.close[100],
    world.histories.get('BTC')!.daily.close[100],
  );
});

t.test('aligned windows, a continuous path, sane bars', async (t) => {
  for (const inst of DEMO_INSTRUMENTS) {
    const h = world.histories.get(inst.symbol)!;
    if (h.minuteStart % DAY_MS !== 0) t.fail('1m window starts at midnight UTC');
    if (ANCHOR - h.minuteStart < DAY_MS) t.fail('1m bars cover at least the last 24 hours');
    if (h.minute.ts.at(-1)! !== ANCHOR - (ANCHOR % MINUTE_MS) - MINUTE_MS) t.fail('1m bars run up to the open minute');
    if (h.hourly.ts.at(-1)! + HOUR_MS !== h.minuteStart) t.fail('hourly bars end where 1m bars start');
    if (h.hourly.ts[0] !== h.minuteStart - 365 * DAY_MS) t.fail('a year of hourly bars');
    if (h.daily.ts.at(-1)! + DAY_MS !== h.minuteStart) t.fail('daily bars end where 1m bars start');
    if (h.daily.ts[0] !== demoHistoryStart(ANCHOR) || h.minuteStart - h.daily.ts[0]! < 730 * DAY_MS)
      t.fail('at least two years of daily bars');
    // Shares, indices and ETFs start where their model was pinned to end at the anchor's closes (levels.ts).
    const start = world.path.model.start[world.path.model.position.get(inst.symbol)!]!;
    if (h.daily.open[0] !== start) t.fail(`${inst.symbol}: starts at ${h.daily.open[0]}, not its start price ${start}`);
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
    if (h.hourly.open[0] !== h.daily.close[364] || h.minute.open[0] !== h.hourly.close.at(-1))
      t.fail(`${inst.symbol}: windows do not join`);
    if (h.daily.close.at(-1) !== regroup(h.hourly, DAY_MS).close.at(-1))
      t.fail('recent daily bars are the hourly bars regrouped');
  }
  t.pass('checked every instrument');
});

t.test("an ETF's bars are its index's, scaled: the same shape at every interval", async (t) => {
  // Each ETF's ratio to its index is the real one on the day the demo's levels are anchored to.
  for (const [etf, index] of [
    ['SPY', 'SPX'],
    ['QQQ', 'NDX'],
  ] as const) {
    const ratio = ANCHOR_CLOSES[etf]! / ANCHOR_CLOSES[index]!;
    const [e, i] = [world.histories.get(etf)!, world.histories.get(index)!];
    for (const interval of ['daily', 'hourly', 'minute'] as const) {
      const [eb, ib] = [e[interval], i[interval]];
      for (let k = 0; k < eb.ts.length; k++) {
        const open = eb.open[k]! / ib.open[k]!;
        const close = eb.close[k]! / ib.close[k]!;
        // Drawn bars exactly; the last year's days, grouped from hours, within the ratio's drift over a day.
        const within = interval === 'daily' && k >= 365 ? 1e-4 : 1e-12;
        const shaped =
          Math.abs(eb.high[k]! / ib.high[k]! - Math.max(open, close)) < within &&
          Math.abs(eb.low[k]! / ib.low[k]! - Math.min(open, close)) < within;
        if (!shaped || Math.abs(close / ratio - 1) > 0.01 || eb.ts[k] !== ib.ts[k]) {
          t.fail(`${etf} ${interval} bar ${k}: not ${index}'s (ratio ${close})`);
          break;
        }
      }
    }
  }
});

t.test('the path carries on after the history: the minutes after the anchor join its last bar', async (t) => {
  const start = demoHistoryStart(ANCHOR);
  const path = new MarketPath(demoMarketModel(SEED, start), SEED, []);
  const history = demoHistories(path, ANCHOR);
  const anchorMinute = ANCHOR - (ANCHOR % MINUTE_MS);
  const next = path.bars(anchorMinute, MINUTE_MS, 3);
  path.model.instruments.forEach((inst, i) => {
    const last = history.get(inst.symbol)!.minute;
    if (next[i]!.ts[0] !== anchorMinute || next[i]!.open[0] !== last.close.at(-1))
      t.fail(`${inst.symbol}: the live minutes do not join`);
  });
  t.throws(
    () => demoHistories(new MarketPath(demoMarketModel(SEED, start + DAY_MS), SEED, []), ANCHOR),
    'a path from another day is refused',
  );
});
