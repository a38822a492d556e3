// Every real Kalshi sample parses: a settled Fed-decision event with its markets, single and listed markets in the
// current `_dollars`/`_fp` fields, and an order book read at its midpoint.
import t from 'tap';
import { parseKalshiPayload } from '../../../../core/sources/kalshi/index.js';
import { readRealdata, realdataFiles, realdataSkip } from '../../../../harness/realdata.js';
import { refusal } from '../../../helpers/refusal.js';

const DIR = 'prediction_markets/kalshi';
const BOOK = { key: 'KXELONMARS-99', at: Date.parse('2026-04-09T10:00:00Z') };

/** Each sample and what it holds: markets, events, history points, skipped items. */
const SAMPLES: Record<string, [markets: number, events: number, history: number, skipped: number]> = {
  'events_KXFEDDECISION_settled_2026.json': [3, 3, 0, 0],
  'market_KXELONMARS-99.json': [1, 0, 0, 0],
  'markets_tickers_KXELONMARS-99_KXCOLONIZEMARS-50.json': [2, 0, 0, 0],
  'orderbook_KXELONMARS-99.json': [0, 0, 1, 0],
};

const skip = realdataSkip(DIR);
const parse = (name: string) => parseKalshiPayload(readRealdata(`${DIR}/${name}`), BOOK);

t.test('every Kalshi sample is named here, and each parses', { skip }, async (t) => {
  t.same(
    realdataFiles(DIR),
    Object.keys(SAMPLES).map((name) => `${DIR}/${name}`),
  );
  for (const [name, counts] of Object.entries(SAMPLES)) {
    const p = parse(name);
    t.same([p.markets.length, p.events.length, p.history.length, p.skipped.length], counts, name);
  }
});

t.test(
  'the settled September 2026 Fed decision: mutually exclusive buckets, each resolved No at 0',
  { skip },
  async (t) => {
    const p = parse('events_KXFEDDECISION_settled_2026.json');
    t.same(
      p.events.map((e) => [e.sourceKey, e.title, e.mutuallyExclusive, e.category, new Date(e.closeAt!).toISOString()]),
      [
        ['KXFEDDECISION-26SEP', 'Fed decision in Sep 2026?', true, 'economics', '2026-09-16T18:00:00.000Z'],
        ['KXFEDDECISION-26JUL', 'Fed decision in July?', true, 'economics', '2026-07-29T18:00:00.000Z'],
        ['KXFEDDECISION-26JUN', 'Fed decision in Jun 2026?', true, 'economics', '2026-06-17T18:00:00.000Z'],
      ],
    );
    t.same(
      p.markets.map((m) => [m.sourceKey, m.label, m.status, m.resolution, m.outcomes[0]!.probability]),
      [
        ['KXFEDDECISION-26SEP-C26', 'Cut >25bps', 'resolved', 'No', 0],
        ['KXFEDDECISION-26SEP-C25', 'Cut 25bps', 'resolved', 'No', 0],
        ['KXFEDDECISION-26SEP-H0', 'Fed maintains rate', 'resolved', 'No', 0],
      ],
    );
    t.match(p.markets[2], {
      slug: 'kxfeddecision-26sep-h0',
      question: 'Will the Federal Reserve Hike rates by 0bps at their September 2026 meeting?',
      eventKey: 'KXFEDDECISION-26SEP',
      category: 'economics',
      volume: 48286115.02,
      openInterest: 32194171.93,
      liquidity: null,
      openAt: Date.parse('2025-09-29T14:00:00Z'),
      closeAt: Date.parse('2026-09-16T17:59:00Z'),
      sourceUrl: 'https://kalshi.com/markets/kxfeddecision',
    });
  },
);

t.test(
  'open markets priced from the dollar strings: the quote midpoint when the spread is tight',
  { skip },
  async (t) => {
    const [mars, colony] = parse('markets_tickers_KXELONMARS-99_KXCOLONIZEMARS-50.json').markets;
    t.match(mars, {
      sourceKey: 'KXELONMARS-99',
      status: 'open',
      volume: 94884.62,
      openInterest: 32746.17,
      label: 'Mars',
      category: null,
    });
    t.same(
      mars!.outcomes,
      [
        { name: 'Yes', probability: 0.1, outcomeKey: 'KXELONMARS-99/yes' },
        { name: 'No', probability: 0.9, outcomeKey: 'KXELONMARS-99/no' },
      ],
      'bid 0.08, ask 0.12',
    );
    t.same(
      colony!.outcomes.map((o) => o.probability),
      [0.179, 0.821],
      'bid 0.163, ask 0.195',
    );
    t.same(parse('market_KXELONMARS-99.json').markets, [mars], 'the single-market answer reads the same');
  },
);

t.test(
  'the order book: best Yes bid 0.08, best No bid 0.88 (a Yes ask of 0.12), under the ticker and time given',
  { skip },
  async (t) => {
    t.same(parse('orderbook_KXELONMARS-99.json').history, [
      { source: 'kalshi', outcomeKey: 'KXELONMARS-99/yes', ts: BOOK.at, probability: 0.1 },
    ]);
    t.equal(
      refusal(() => parseKalshiPayload(readRealdata(`${DIR}/orderbook_KXELONMARS-99.json`))),
      'an order book names neither its market nor its time: give the ticker it was asked for and when',
    );
  },
);
