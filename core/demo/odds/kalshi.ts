// Markets on the demo central bank's rate decisions in Kalshi's formats: per meeting an event of mutually exclusive
// markets (cut more than 25bp, cut 25bp, hold, hike 25bp) with its current `_dollars`/`_fp` fields, and their daily
// candlesticks (the batch answer). Each opens after the meeting before, its odds drift toward the decision the demo's
// policy path makes, and it settles when the statement is published. Loaded by the Kalshi source's own parser, as
// served by the demo's own Kalshi under the reserved .example domain (kalshi.com's markets of a ticker are not these).
import { DAY_MS, MONTH_NAMES } from '../../time.js';
import type { RateDecision } from '../policy.js';
import { Random } from '../random.js';
import type { DemoWorld } from '../world.js';
import { type BeliefPoint, beliefPath } from './beliefs.js';

/** The site the demo's Kalshi markets come from and cite. */
export const DEMO_KALSHI_SITE = 'https://kalshi.example';
const SERIES = 'KXFEDDECISION';
/** The outcomes of a meeting: their ticker suffix, label and change in percentage points. */
const OUTCOMES = [
  { suffix: 'C26', label: 'Cut >25bps', change: -0.5, question: 'cut rates by more than 25bps' },
  { suffix: 'C25', label: 'Cut 25bps', change: -0.25, question: 'cut rates by 25bps' },
  { suffix: 'H0', label: 'Hold', change: 0, question: 'hold rates' },
  { suffix: 'H25', label: 'Hike 25bps', change: 0.25, question: 'hike rates by 25bps' },
];
/** The longest a meeting's markets are open before it. */
const OPEN_DAYS = 70;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export interface DemoKalshi {
  /** GET /events?with_nested_markets=true */
  events: object;
  /** GET /markets/candlesticks (the batch answer). */
  candlesticks: object;
}

const dollars = (p: number) => p.toFixed(4);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const outcomeOf = (change: number) => OUTCOMES.findIndex((o) => Math.abs(o.change - change) < 1e-9);

/** The markets on every decision from `startMs` to `untilMs` (the story's upcoming catalysts' end), as published by `anchorMs`. */
export function demoKalshi(
  world: DemoWorld,
  seed: number,
  startMs: number,
  anchorMs: number,
  untilMs: number,
): DemoKalshi {
  const decisions = world.path.model.policy.decisions;
  const events: object[] = [];
  const candles: object[] = [];
  decisions.forEach((d, k) => {
    if (d.at < startMs || d.at >= untilMs) return;
    const openMs = Math.max(decisions[k - 1]?.at ?? 0, d.at - OPEN_DAYS * DAY_MS) + 5 * 60_000;
    if (openMs >= anchorMs) return;
    const rng = new Random(seed ^ 0xca15 ^ Math.floor(d.at / DAY_MS));
    const path = beliefPath(
      {
        outcomes: OUTCOMES.length,
        expected: outcomeOf(d.expected),
        actual: outcomeOf(d.change),
        openMs,
        resolveMs: d.at,
        untilMs: anchorMs,
      },
      rng,
    );
    const { event, markets } = meeting(d, openMs, anchorMs, path, rng);
    events.push({ ...event, markets });
    for (const [o, m] of markets.entries())
      candles.push({ market_ticker: m.ticker, candlesticks: path.map((p) => candle(p, o)) });
  });
  return { events: { events, cursor: '', milestones: [] }, candlesticks: { markets: candles } };
}

function meeting(d: RateDecision, openMs: number, anchorMs: number, path: BeliefPoint[], rng: Random) {
  const date = new Date(d.at);
  const month = `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const eventTicker = `${SERIES}-${String(date.getUTCFullYear() % 100).padStart(2, '0')}${MONTHS[date.getUTCMonth()]}`;
  const settled = d.at < anchorMs;
  const last = path.filter((p) => p.ts < d.at).at(-1)?.probabilities ?? OUTCOMES.map(() => 0.25);
  const actual = outcomeOf(d.change);
  const markets = OUTCOMES.map((o, k) => {
    const p = last[k]!;
    const traded = Math.round((20_000 + rng.int(400_000)) * (0.2 + p));
    return {
      ticker: `${eventTicker}-${o.suffix}`,
      event_ticker: eventTicker,
      market_type: 'binary',
      title: `Will the Federal Reserve ${o.question} at its ${month} meeting?`,
      yes_sub_title: o.label,
      no_sub_title: o.label,
      open_time: iso(openMs),
      close_time: iso(d.at),
      expiration_time: iso(d.at),
      status: settled ? 'finalized' : 'active',
      yes_bid_dollars: dollars(settled ? 0 : Math.max(0, p - 0.01)),
      yes_ask_dollars: dollars(settled ? 0 : Math.min(1, p + 0.01)),
      last_price_dollars: dollars(p),
      notional_value_dollars: '1.0000',
      liquidity_dollars: '0.0000',
      volume_fp: traded.toFixed(2),
      open_interest_fp: (traded * 0.4).toFixed(2),
      result: settled ? (k === actual ? 'yes' : 'no') : '',
      ...(settled ? { settlement_value_dollars: dollars(k === actual ? 1 : 0) } : {}),
    };
  });
  const event = {
    event_ticker: eventTicker,
    series_ticker: SERIES,
    title: `Fed decision in ${month}`,
    sub_title: `On ${date.toISOString().slice(0, 10)}`,
    category: 'Economics',
    mutually_exclusive: true,
    strike_date: iso(d.at),
  };
  return { event, markets };
}

/** A daily candle closing at the point: the Yes quote a cent either side, and its last trade (settled: what Yes paid). */
function candle(p: BeliefPoint, outcome: number) {
  const price = p.probabilities[outcome]!;
  const resolved = price === 0 || price === 1;
  return {
    end_period_ts: Math.floor(p.ts / 1000),
    ...(resolved
      ? {}
      : {
          yes_bid: { close_dollars: dollars(Math.max(0, price - 0.01)) },
          yes_ask: { close_dollars: dollars(Math.min(1, price + 0.01)) },
        }),
    price: { close_dollars: dollars(price) },
  };
}
