// The demo world holds together over its whole recorded history: ETFs track their index, indices move with their
// members, crypto moves as one market, every instrument stays in a plausible range for its kind, and yields follow the
// policy path of the demo's own rate decisions.
import t from 'tap';
import { isTradingDay } from '../../../core/calendar/us-holidays.js';
import { demoHistoryStart } from '../../../core/demo/history.js';
import { demoMarketModel } from '../../../core/demo/market-model.js';
import { policyMidAt } from '../../../core/demo/policy.js';
import { STRUCTURE } from '../../../core/demo/structure.js';
import { DEMO_INSTRUMENTS } from '../../../core/demo/universe.js';
import { demoWorld } from '../../../core/demo/world.js';
import { DAY_MS } from '../../../core/time.js';
import type { InstrumentKind } from '../../../core/vocabulary.js';

const SEED = 20261121;
const ANCHOR = Date.UTC(2026, 10, 21, 15, 42, 17);
const world = demoWorld(SEED, ANCHOR);
const model = demoMarketModel(SEED, demoHistoryStart(ANCHOR));
const daily = (symbol: string) => world.histories.get(symbol)!.daily;
const returns = (symbol: string) => {
  const d = daily(symbol);
  return Array.from(d.close.subarray(1), (c, k) => Math.log(c / d.close[k]!));
};
const correlation = (a: number[], b: number[]) => {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  a.forEach((x, k) => {
    ab += (x - ma) * (b[k]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[k]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
};
const beta = (a: number[], b: number[]) => {
  const sd = (x: number[]) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
  return (correlation(a, b) * sd(a)) / sd(b);
};

t.test('ETFs track their index: the same daily returns less a small fee, within a tiny tracking error', async (t) => {
  for (const [etf, index] of [
    ['SPY', 'SPX'],
    ['QQQ', 'NDX'],
  ] as const) {
    const [e, i] = [daily(etf), daily(index)];
    const start = e.open[0]! / i.open[0]!;
    let worstDay = 0;
    let worstLevel = 0;
    for (let k = 0; k < e.close.length; k++) {
      worstLevel = Math.max(worstLevel, Math.abs(e.close[k]! / i.close[k]! / start - 1));
      if (k > 0)
        worstDay = Math.max(
          worstDay,
          Math.abs(Math.log(e.close[k]! / e.close[k - 1]!) - Math.log(i.close[k]! / i.close[k - 1]!)),
        );
    }
    t.ok(worstDay < 0.0015, `${etf}'s daily return is ${index}'s within ${(worstDay * 1e4).toFixed(1)} bp`);
    t.ok(
      worstLevel < 0.006,
      `${etf} stays within ${(worstLevel * 100).toFixed(2)}% of ${index} x ${start.toFixed(4)} over two years (its fee)`,
    );
    t.ok(e.close.at(-1)! / i.close.at(-1)! < start, 'the fee drags');
  }
});

t.test('indices move with their members by weight, and with the market', async (t) => {
  for (const [index, role] of Object.entries(STRUCTURE).filter(([, r]) => r.role === 'index')) {
    if (role.role !== 'index') continue;
    const members = Object.entries(role.members).map(([m, w]) => [returns(m), w] as const);
    const weighted = returns(index).map((_, k) => members.reduce((s, [r, w]) => s + w * r[k]!, 0));
    const c = correlation(returns(index), weighted);
    t.ok(c > 0.6, `${index} correlates ${c.toFixed(2)} with its members' weighted returns`);
  }
  t.ok(correlation(returns('SPX'), returns('NDX')) > 0.85, 'the S&P 500 and the Nasdaq 100 move together');
  for (const stock of ['AAPL', 'MSFT', 'NVDA', 'JPM'])
    t.ok(correlation(returns(stock), returns('SPX')) > 0.35, `${stock} moves with the market`);
});

t.test('crypto moves as one market, alts with a higher beta than bitcoin', async (t) => {
  t.ok(correlation(returns('BTC'), returns('ETH')) > 0.6, 'bitcoin and ether together');
  const coins = DEMO_INSTRUMENTS.filter((i) => i.kind === 'crypto').map((i) => returns(i.symbol));
  const market = coins[0]!.map((_, k) => coins.reduce((s, r) => s + r[k]!, 0) / coins.length);
  const btc = beta(returns('BTC'), market);
  for (const alt of ['SOL', 'DOGE', 'AVAX', 'LINK', 'ADA']) {
    const b = beta(returns(alt), market);
    t.ok(b > btc * 1.1, `${alt}'s beta to the crypto market is ${b.toFixed(2)}, bitcoin's ${btc.toFixed(2)}`);
  }
});

t.test('realized daily volatility on days without news is what the universe says', async (t) => {
  const newsDays = new Set(
    world.story.events.filter((e) => e.shocks.length).map((e) => Math.floor(e.occurredAt / DAY_MS)),
  );
  // An equity's stated volatility is its session days': with the exchange closed its 24/7 venues barely move it.
  const sessions = (inst: (typeof DEMO_INSTRUMENTS)[number], dayMs: number) =>
    !['stock', 'index', 'etf'].includes(inst.kind) || isTradingDay(dayMs);
  const quiet = (inst: (typeof DEMO_INSTRUMENTS)[number], r: number[]) =>
    r.filter(
      (_, k) => !newsDays.has(Math.floor(daily('BTC').ts[k + 1]! / DAY_MS)) && sessions(inst, daily('BTC').ts[k + 1]!),
    );
  for (const inst of DEMO_INSTRUMENTS) {
    const d = daily(inst.symbol);
    const r = quiet(
      inst,
      inst.kind === 'rate'
        ? Array.from(d.close.subarray(1), (c, k) => (c - d.close[k]!) / inst.startPrice)
        : returns(inst.symbol),
    );
    const vol = Math.sqrt(r.reduce((s, x) => s + x * x, 0) / r.length);
    if (vol < inst.dailyVol * 0.8 || vol > inst.dailyVol * 1.3)
      t.fail(`${inst.symbol}: ${(vol * 100).toFixed(2)}% a day against ${(inst.dailyVol * 100).toFixed(2)}%`);
  }
  t.pass('every instrument within -20% and +30% of its stated volatility');
});

/** Per kind: the range of price / level path a price stays in, and the most its level path may grow a year. */
const PLAUSIBLE: Record<Exclude<InstrumentKind, 'rate'>, { range: [number, number]; drift: number }> = {
  crypto: { range: [0.5, 2], drift: 0.3 },
  stock: { range: [0.5, 2], drift: 0.35 },
  index: { range: [0.75, 1.33], drift: 0.12 },
  etf: { range: [0.75, 1.33], drift: 0.12 },
  commodity: { range: [0.5, 2], drift: 0.1 },
  fx: { range: [0.85, 1.15], drift: 0 },
};

t.test('every price stays in a plausible range for its kind around a modest level path, every day', async (t) => {
  const level = new Float64Array(model.size);
  const years = (daily('BTC').ts.at(-1)! + DAY_MS - model.originMs) / (365.25 * DAY_MS);
  model.prices(new Float64Array(model.size), model.originMs + years * 365.25 * DAY_MS, level);
  model.instruments.forEach((inst, i) => {
    if (inst.kind === 'rate') return;
    const { range, drift } = PLAUSIBLE[inst.kind];
    const growth = Math.log(level[i]! / inst.startPrice) / years;
    if (growth > drift + 1e-9 || growth < -drift - 1e-9)
      t.fail(`${inst.symbol}: its level path grows ${(growth * 100).toFixed(1)}% a year`);
    const d = daily(inst.symbol);
    for (let k = 0; k < d.close.length; k++) {
      model.prices(new Float64Array(model.size), d.ts[k]! + DAY_MS, level);
      const relative = d.close[k]! / level[i]!;
      if (relative < range[0] || relative > range[1] || d.low[k]! / level[i]! < range[0] * 0.95) {
        t.fail(
          `${inst.symbol} on ${new Date(d.ts[k]!).toISOString().slice(0, 10)}: ${relative.toFixed(2)} of its level path`,
        );
        break;
      }
    }
  });
  t.pass('checked every instrument, every day');
  const btc = daily('BTC');
  t.ok(
    btc.close.every((c) => c > 21_000 && c < 150_000),
    'bitcoin between $21,000 and $150,000',
  );
});

t.test(
  'yields follow the policy path: the 2-year near the policy rate, the 10-year a plausible spread above it',
  async (t) => {
    const [two, ten] = [daily('US2Y'), daily('US10Y')];
    let gap = 0;
    let [low, high] = [Infinity, -Infinity];
    for (let k = 0; k < two.close.length; k++) {
      const mid = policyMidAt(world.path.model.policy, two.ts[k]! + DAY_MS);
      gap = Math.max(gap, Math.abs(two.close[k]! - mid));
      low = Math.min(low, ten.close[k]! - two.close[k]!);
      high = Math.max(high, ten.close[k]! - two.close[k]!);
    }
    t.ok(gap <= 1.75, `|2-year - policy midpoint| at most ${gap.toFixed(2)} points`);
    t.ok(low >= -1 && high <= 1.5, `10-year - 2-year between ${low.toFixed(2)} and ${high.toFixed(2)}`);
    t.ok(two.low.every((y) => y > 1) && ten.low.every((y) => y > 1), 'yields stay well above zero');
  },
);

t.test(
  'the policy path: an easing cycle from 5.25-5.50%, a quarter point at a time, decisions mostly as expected',
  async (t) => {
    const { policy } = world.path.model;
    t.equal(policy.startUpper, 5.5);
    t.ok(
      policy.decisions.every((d) => [0, -0.25].includes(d.expected) && Math.abs(d.change - d.expected) <= 0.25),
      'expected steps of 0 or -25 bp, surprises of 25 bp',
    );
    t.ok(
      policy.decisions.every((d, k) => d.upper === (k ? policy.decisions[k - 1]!.upper : 5.5) + d.change),
      'each range follows from the one before',
    );
    const cuts = policy.decisions.filter((d) => d.expected < 0).length;
    t.ok(cuts >= 5 && cuts <= 8, `${cuts} expected cuts`);
    t.ok(
      policy.decisions.every((d) => d.upper >= 2.5 && d.upper <= 6),
      'the range stays plausible',
    );
    const perYear = policy.decisions.filter((d) => d.at >= Date.UTC(2025, 0, 1) && d.at < Date.UTC(2026, 0, 1)).length;
    t.equal(perYear, 8, 'eight meetings a year');
  },
);
