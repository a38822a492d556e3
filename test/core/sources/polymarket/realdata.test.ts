// Every real Polymarket sample parses: Gamma markets, events and search, CLOB markets, prices-history, book and
// trades, with outcome probabilities, statuses and resolutions pinned.
import t from 'tap';
import type { OddsPayload } from '../../../../core/sources/odds-records.js';
import { parsePolymarketPayload } from '../../../../core/sources/polymarket/index.js';
import { readRealdata, realdataFiles, realdataSkip } from '../../../../harness/realdata.js';

const DIR = 'prediction_markets/polymarket';
const HISTORY_TOKEN = '94134253597648057047877517813082069606962886792971715730299111686696678669356';
const outcomes = (p: OddsPayload, k = 0) => p.markets[k]!.outcomes.map((o) => [o.name, o.probability]);

/** Each sample and what it holds: markets, events, history points, skipped items. */
const SAMPLES: Record<string, [markets: number, events: number, history: number, skipped: number]> = {
  'clob_book.json': [0, 0, 1, 0],
  'clob_market_trump-2024.json': [1, 0, 0, 0],
  'clob_markets_page1_2024-09.json': [99, 0, 0, 1],
  'clob_prices-history_2026-05-22.json': [0, 0, 12, 0],
  'data-api_trades_trump-2024.json': [0, 0, 4, 0],
  'gamma_events_democratic-presidential-nominee-2028.json': [2, 1, 0, 0],
  'gamma_market_sports_moneyline.json': [1, 1, 0, 0],
  'gamma_markets_btc-updown-5m_2026-03-12.json': [1, 1, 0, 0],
  'gamma_public-search_bitcoin-above.json': [1, 1, 0, 0],
};

const skip = realdataSkip(DIR);
const parse = (name: string) => parsePolymarketPayload(readRealdata(`${DIR}/${name}`), { key: HISTORY_TOKEN });

t.test('every Polymarket sample is named here, and each parses', { skip }, async (t) => {
  t.same(
    realdataFiles(DIR),
    Object.keys(SAMPLES).map((name) => `${DIR}/${name}`),
  );
  for (const [name, counts] of Object.entries(SAMPLES)) {
    const p = parse(name);
    t.same([p.markets.length, p.events.length, p.history.length, p.skipped.length], counts, name);
    t.ok(
      p.markets.every((m) =>
        m.outcomes.every((o) => o.probability === null || (o.probability >= 0 && o.probability <= 1)),
      ),
      `${name}: probabilities 0..1`,
    );
  }
});

t.test(
  'a Gamma event: its markets priced from the JSON-encoded strings, grouped under the event',
  { skip },
  async (t) => {
    const p = parse('gamma_events_democratic-presidential-nominee-2028.json');
    t.match(p.events[0], {
      sourceKey: '30829',
      slug: 'democratic-presidential-nominee-2028',
      mutuallyExclusive: true,
      category: 'elections',
      closeAt: Date.parse('2028-11-07T00:00:00Z'),
    });
    t.same(outcomes(p), [
      ['Yes', 0.0105],
      ['No', 0.9895],
    ]);
    t.match(p.markets[0], {
      sourceKey: '0xc8f1cf5d4f26e0fd9c8fe89f2a7b3263b902cf14fde7bfccef525753bb492e47',
      slug: 'will-stephen-a-smith-win-the-2028-democratic-presidential-nomination-914',
      status: 'open',
      eventKey: '30829',
      label: 'Stephen A. Smith',
      volume: 12232699.615479222,
      liquidity: 400500.66675,
      sourceUrl:
        'https://polymarket.com/event/democratic-presidential-nominee-2028/will-stephen-a-smith-win-the-2028-democratic-presidential-nomination-914',
    });
    t.equal(
      p.markets[0]!.outcomes[0]!.outcomeKey,
      '60590045489347122735554346200880179420435533609307820342798544098823516727807',
      'the Yes token',
    );
    t.same(outcomes(p, 1), [
      ['Yes', 0.0145],
      ['No', 0.9855],
    ]);
  },
);

t.test('a closed sports market paid out in full is resolved, to the team that won', { skip }, async (t) => {
  const p = parse('gamma_market_sports_moneyline.json');
  t.match(p.markets[0], {
    slug: 'cs2-faze-ill-2026-04-05',
    status: 'resolved',
    resolution: 'FaZe',
    category: 'sports',
    eventKey: '346898',
    liquidity: null,
  });
  t.same(outcomes(p), [
    ['FaZe', 1],
    ['illwill', 0],
  ]);
});

t.test('a single Gamma market with its event; the search answer with its nested market', { skip }, async (t) => {
  const btc = parse('gamma_markets_btc-updown-5m_2026-03-12.json');
  t.same(outcomes(btc), [
    ['Up', 0.505],
    ['Down', 0.495],
  ]);
  t.match(btc.markets[0], {
    status: 'open',
    volume: 9.999997,
    liquidity: 20328.3747,
    openAt: Date.parse('2026-03-11T09:29:01.328Z'),
    closeAt: Date.parse('2026-03-12T09:25:00Z'),
    eventKey: '260654',
  });
  const search = parse('gamma_public-search_bitcoin-above.json');
  t.match(search.markets[0], {
    slug: 'bitcoin-above-64k-on-march-11',
    category: 'crypto',
    label: '64,000',
    eventKey: '246060',
  });
  t.same(outcomes(search), [
    ['Yes', 0.9995],
    ['No', 0.0005],
  ]);
});

t.test(
  'CLOB markets: tokens and prices; a winner token makes a market resolved; a test market with blank outcomes skipped',
  { skip },
  async (t) => {
    const trump = parse('clob_market_trump-2024.json');
    t.same(outcomes(trump), [
      ['Yes', 0.4865],
      ['No', 0.5135],
    ]);
    t.match(trump.markets[0], {
      status: 'open',
      category: 'politics',
      closeAt: Date.parse('2024-11-05T00:00:00Z'),
      sourceUrl: 'https://polymarket.com/market/will-donald-trump-win-the-2024-us-presidential-election',
    });
    const page = parse('clob_markets_page1_2024-09.json');
    t.same(page.skipped, [{ item: 'data[15]', reason: 'tokens[0].outcome: expected a non-empty string' }]);
    const count = (status: string) => page.markets.filter((m) => m.status === status).length;
    t.same([count('open'), count('closed'), count('resolved')], [1, 74, 24]);
    t.match(page.markets[0], {
      slug: 'will-ron-desantis-win-the-us-2024-republican-presidential-nomination',
      status: 'resolved',
      resolution: 'No',
    });
  },
);

t.test(
  'history: prices-history under the token asked for, trades per token, a book at its midpoint',
  { skip },
  async (t) => {
    const history = parse('clob_prices-history_2026-05-22.json').history;
    t.same(history[0], { source: 'polymarket', outcomeKey: HISTORY_TOKEN, ts: 1779465615000, probability: 0.9705 });
    t.same(history.at(-1), { source: 'polymarket', outcomeKey: HISTORY_TOKEN, ts: 1779505206000, probability: 0.9695 });
    const trades = parse('data-api_trades_trump-2024.json').history;
    t.same(
      trades.map((p) => [p.outcomeKey.slice(0, 5), p.ts, p.probability]),
      [
        ['21742', 1729000180000, 0.998],
        ['21742', 1729000120000, 0.52],
        ['21742', 1729000060000, 0.51],
        ['48331', 1729000090000, 0.49],
      ],
    );
    t.same(
      parse('clob_book.json').history,
      [
        {
          source: 'polymarket',
          outcomeKey: '23360939988679364027624185518382759743328544433592111535569478055890815567848',
          ts: 1728799418260,
          probability: 0.12,
        },
      ],
      'best bid 0.10 and best ask 0.14, though the asks arrive highest first',
    );
  },
);
