// The demo's daily series: the top of the policy rate's target range every day (a decision's new range from the day
// after it, when it takes effect, as FRED's DFEDTARU shows it), and the market's own numbers as the Fed's and the
// exchanges' statistics print them, from the demo market's daily closes: Treasury yields and the curve, crude oil, the
// S&P 500, a trade-weighted dollar, the volatility the index priced and a credit spread that widens with it. Market
// series have no value on market holidays. A series computed from others is published when the last of them is, so it
// never has a date they do not.
import { isTradingDay } from '../../calendar/us-holidays.js';
import { DAY_MS } from '../../time.js';
import { upperInForce } from '../policy.js';
import { dailyRateRelease, dayOf, dollarRelease, marketCloseKnown } from './calendar.js';
import { days, type MacroInputs, round, seriesRandom } from './inputs.js';
import { VintageBook } from './vintages.js';

/** The dollar index's weights on the demo's currency pairs, and whether a pair is quoted per dollar (yen) or in dollars (euro, pound). */
const DOLLAR_WEIGHTS: [symbol: string, weight: number, perDollar: boolean][] = [
  ['EURUSD', 0.45, false],
  ['USDJPY', 0.35, true],
  ['GBPUSD', 0.2, false],
];
/** Calendar days of returns in the volatility estimate, and the premium options carry over it, in points. */
const VOL_DAYS = 20;
const VOL_PREMIUM = 3;

export function dailySeries(x: MacroInputs): Map<string, VintageBook> {
  const out = new Map<string, VintageBook>();
  const policy = new VintageBook(2);
  for (const d of days(x.startMs, dayOf(x.anchorMs) + DAY_MS)) policy.publish(d, upperInForce(x.policy, d), d);
  out.set('DFEDTARU', policy);

  const weekdays = days(x.startMs, dayOf(x.anchorMs)).filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));
  const close = (symbol: string, d: number) => (isTradingDay(d) ? (x.closes.get(symbol)?.get(d) ?? null) : null);
  const market = (value: (d: number) => number | null, decimals: number, known: (d: number) => number) => {
    const book = new VintageBook(decimals);
    for (const d of weekdays) if (known(d) < x.anchorMs) book.publish(d, value(d), dayOf(known(d)));
    return book;
  };
  const two = (d: number) => nullable(close('US2Y', d), (v) => round(v, 2));
  const ten = (d: number) => nullable(close('US10Y', d), (v) => round(v, 2));
  out.set('DGS2', market(two, 2, dailyRateRelease));
  out.set('DGS10', market(ten, 2, dailyRateRelease));
  out.set(
    'T10Y2Y',
    market((d) => (two(d) === null || ten(d) === null ? null : ten(d)! - two(d)!), 2, dailyRateRelease),
  );
  out.set(
    'DCOILWTICO',
    market((d) => close('WTI', d), 2, marketCloseKnown),
  );
  out.set(
    'SP500',
    market((d) => close('SPX', d), 2, marketCloseKnown),
  );
  out.set(
    'DTWEXBGS',
    market((d) => (isTradingDay(d) ? dollarIndex(x, d) : null), 4, dollarRelease),
  );
  const vix = volatility(x);
  out.set(
    'VIXCLS',
    market((d) => nullable(close('SPX', d), () => vix.get(d) ?? null), 2, marketCloseKnown),
  );
  const rng = seriesRandom(x.seed, 'BAMLH0A0HYM2');
  out.set(
    'BAMLH0A0HYM2',
    market(
      (d) => nullable(vix.get(d) ?? null, (v) => Math.max(2.4, 3 + 0.08 * (v - 18) + rng.normal() * 0.03)),
      2,
      marketCloseKnown,
    ),
  );
  return out;
}

const nullable = <T>(v: T | null, f: (v: T) => number | null) => (v === null ? null : f(v));

/** A broad dollar index, 120 at the history's start: the dollar against the demo's currencies, weighted. */
function dollarIndex(x: MacroInputs, d: number): number | null {
  let index = 120;
  for (const [symbol, weight, perDollar] of DOLLAR_WEIGHTS) {
    const closes = x.closes.get(symbol)!;
    const now = closes.get(d);
    const first = closes.get(dayOf(x.startMs));
    if (now === undefined || first === undefined) return null;
    index *= (perDollar ? now / first : first / now) ** weight;
  }
  return index;
}

/** The S&P 500's volatility over the last VOL_DAYS days, annualized, in points, plus the premium options carry. */
function volatility(x: MacroInputs): Map<number, number> {
  const closes = x.closes.get('SPX')!;
  const out = new Map<number, number>();
  const returns: number[] = [];
  for (const d of days(x.startMs, dayOf(x.anchorMs))) {
    const now = closes.get(d);
    const before = closes.get(d - DAY_MS);
    if (now === undefined || before === undefined) continue;
    returns.push(Math.log(now / before));
    if (returns.length > VOL_DAYS) returns.shift();
    if (returns.length < VOL_DAYS) continue;
    const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
    const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
    out.set(d, Math.sqrt(variance * 365) * 100 + VOL_PREMIUM);
  }
  return out;
}
