// Kalshi formats beyond the samples: the older integer-cent markets and candlesticks read into the same probabilities
// as the current dollar strings, a single event with its markets beside it, candlesticks current, older and
// historical, scalar settlement; bad items skipped with their reason, other shapes refused.

import t from 'tap';
import { parseKalshiPayload } from '../../../../core/sources/kalshi/index.js';
import { fixture as readFixture } from '../../../../harness/realdata.js';
import { refusal } from '../../../helpers/refusal.js';

const fixture = (name: string) => readFixture(`kalshi/${name}`);
const probabilities = (p: { outcomes: { probability: number | null }[] } | undefined) =>
  p?.outcomes.map((o) => o.probability);

t.test(
  'integer-cent markets: probabilities 0..1, dollars from cents, settled and scalar markets, bad ones skipped',
  async (t) => {
    const { markets, skipped } = parseKalshiPayload(fixture('markets_cents_2025.json'));
    const [open, settled, scalar, untraded] = markets;
    t.match(open, {
      sourceKey: 'KXCPIYOY-25NOV-T3.0',
      status: 'open',
      category: 'economics',
      volume: 125000,
      liquidity: 15234,
      openInterest: 80000,
      label: 'Above 3.0%',
      sourceUrl: 'https://kalshi.com/markets/kxcpiyoy',
    });
    t.same(probabilities(open), [0.42, 0.58], 'bid 41 and ask 43 cents');
    t.match(settled, { status: 'resolved', resolution: 'Yes', liquidity: null, openInterest: 0 });
    t.same(probabilities(settled), [1, 0]);
    t.match(scalar, { kind: 'scalar', bounds: { lower: 0, upper: 5 }, status: 'resolved', resolution: null });
    t.same(probabilities(scalar), [0.74, 0.26], 'Yes paid its settlement value of 74 cents');
    t.same(probabilities(untraded), [null, null], 'an empty book and no trade: no probability, not 0 or 50%');
    t.same(skipped, [
      { item: 'markets[4]', reason: 'status: unknown status "frozen"' },
      { item: 'markets[5]', reason: 'yes_bid: expected an integer from 0 to 100' },
    ]);
  },
);

t.test(
  'a single event with its markets beside it; a market without a title asks the event and its label',
  async (t) => {
    const { events, markets, skipped } = parseKalshiPayload(fixture('event_single_2026.json'));
    t.same(skipped, []);
    t.same(events, [
      {
        source: 'kalshi',
        sourceKey: 'KXFED-26MAR',
        slug: 'kxfed-26mar',
        title: 'Fed funds rate after the March 2026 meeting',
        category: 'economics',
        mutuallyExclusive: false,
        closeAt: Date.parse('2026-03-18T18:00:00Z'),
        sourceUrl: 'https://kalshi.com/markets/kxfed',
      },
    ]);
    t.match(markets[0], {
      question: 'Fed funds rate after the March 2026 meeting: Above 3.50%',
      volume: 351220,
      openInterest: 120400.5,
      liquidity: null,
      eventKey: 'KXFED-26MAR',
    });
    t.same(probabilities(markets[0]), [0.775, 0.225], 'midpoint of 0.77 and 0.78');
    t.same(probabilities(markets[1]), [0.11, 0.89], 'a 0.16 spread: the last trade');
  },
);

t.test("an event and its markets from another site in Kalshi's format cite their series' page there", async (t) => {
  const { events, markets } = parseKalshiPayload(fixture('event_single_2026.json'), { site: 'https://kalshi.example' });
  t.same(
    [...events, ...markets].map((r) => r.sourceUrl),
    [
      'https://kalshi.example/markets/kxfed',
      'https://kalshi.example/markets/kxfed',
      'https://kalshi.example/markets/kxfed',
    ],
  );
});

t.test('current candlesticks: one point per period at its end, by the market price rule', async (t) => {
  const { history, skipped } = parseKalshiPayload(fixture('candlesticks_2026.json'));
  t.same(
    history.map((p) => [p.outcomeKey, p.ts, p.probability]),
    [
      ['KXFED-26MAR-T3.50/yes', 1772409600000, 0.76],
      ['KXFED-26MAR-T3.50/yes', 1772413200000, 0.79],
      ['KXFED-26MAR-T3.50/yes', 1772416800000, 0.79],
    ],
    'a tight closing quote shows its midpoint; a wide one the close (0.79), or the trade before when none traded',
  );
  t.same(skipped, [{ item: 'candlesticks[4]', reason: 'end_period_ts: expected an integer from 0 to 100000000000' }]);
});

t.test('integer-cent candlesticks read alike; a close above 100 cents skips its candle', async (t) => {
  const { history, skipped } = parseKalshiPayload(fixture('candlesticks_cents_2025.json'));
  t.same(
    history.map((p) => p.probability),
    [0.42, 0.44],
  );
  t.same(skipped, [{ item: 'candlesticks[2]', reason: 'price.close: expected an integer from 0 to 100' }]);
});

t.test('the batch answer, in the historical dollar strings; a market without a list skipped', async (t) => {
  const { history, skipped } = parseKalshiPayload(fixture('candlesticks_batch_historical.json'));
  t.same(history, [{ source: 'kalshi', outcomeKey: 'KXCPIYOY-25OCT-T3.0/yes', ts: 1762992000000, probability: 0.96 }]);
  t.same(skipped, [{ item: 'markets[1]', reason: 'candlesticks: expected a list' }]);
});

t.test('an integer-cent order book: best Yes bid 41, best No bid 57 (a Yes ask of 43)', async (t) => {
  const { history } = parseKalshiPayload(fixture('orderbook_cents_2025.json'), {
    key: 'KXCPIYOY-25NOV-T3.0',
    at: 1764547200000,
  });
  t.same(history, [{ source: 'kalshi', outcomeKey: 'KXCPIYOY-25NOV-T3.0/yes', ts: 1764547200000, probability: 0.42 }]);
});

t.test('payloads of another shape refused whole', async (t) => {
  t.match(
    refusal(() => parseKalshiPayload('{"error": {"code": "not_found"}}')),
    /^not a Kalshi payload/,
  );
  t.match(
    refusal(() => parseKalshiPayload('[]')),
    /^not a Kalshi payload: expected an object/,
  );
  t.equal(
    refusal(() => parseKalshiPayload('{"candlesticks": []}')),
    'candlesticks without their market ticker',
  );
  t.match(
    refusal(() => parseKalshiPayload('{')),
    /^not JSON/,
  );
});
