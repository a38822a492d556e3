// Polymarket formats beyond the samples: multi-outcome and scalar markets, closed but unresolved, resolved 50-50,
// plain arrays instead of encoded strings, unpriced markets; bad items skipped with their reason, and whole payloads
// of another shape refused.

import t from 'tap';
import { parsePolymarketPayload } from '../../../../core/sources/polymarket/index.js';
import { fixture as readFixture } from '../../../../harness/realdata.js';
import { refusal } from '../../../helpers/refusal.js';

const fixture = (name: string) => readFixture(`polymarket/${name}`);

t.test('Gamma markets of every kind, and the malformed ones skipped with their reason', async (t) => {
  const { markets, skipped } = parsePolymarketPayload(fixture('gamma_markets.json'));
  const bySlug = new Map(markets.map((m) => [m.slug, m]));
  t.match(bySlug.get('fed-decision-in-march-2026'), {
    kind: 'categorical',
    category: 'economy',
    status: 'open',
    volume: 1250000.5,
    liquidity: 84000.25,
    outcomes: [
      { name: 'Cut 25 bps', probability: 0.12, outcomeKey: '1001' },
      { name: 'No change', probability: 0.85, outcomeKey: '1002' },
      { name: 'Hike 25 bps', probability: 0.03, outcomeKey: '1003' },
    ],
    sourceUrl: 'https://polymarket.com/market/fed-decision-in-march-2026',
  });
  t.match(bySlug.get('how-many-fed-rate-cuts-in-2026'), {
    kind: 'scalar',
    bounds: { lower: 0, upper: 8 },
    volume: 40210,
    outcomes: [
      { name: 'Long', probability: 0.37 },
      { name: 'Short', probability: 0.63 },
    ],
  });
  t.match(
    bySlug.get('cpi-above-3-february'),
    { status: 'closed', resolution: null, closeAt: Date.parse('2026-03-11T12:30:00Z') },
    'closed, its resolution only proposed',
  );
  t.match(
    bySlug.get('match-played-march-3'),
    { status: 'resolved', resolution: null },
    'resolved 50-50: paid across both outcomes',
  );
  t.match(
    bySlug.get('payrolls-beat-150k-march'),
    {
      outcomes: [
        {
          name: 'Yes',
          probability: 0.3,
          outcomeKey: '0xf00d000000000000000000000000000000000000000000000000000000000005/0',
        },
        {
          name: 'No',
          probability: 0.7,
          outcomeKey: '0xf00d000000000000000000000000000000000000000000000000000000000005/1',
        },
      ],
    },
    'plain arrays read like encoded ones',
  );
  t.match(bySlug.get('not-yet-priced'), {
    outcomes: [{ probability: null }, { probability: null }],
    volume: null,
    category: null,
  });
  t.same(skipped, [
    { item: 'markets[6]', reason: 'outcomePrices: expected 2 values, one per outcome, found 1' },
    { item: 'markets[7]', reason: 'outcomes: expected a list, or a JSON-encoded one' },
    { item: 'markets[8]', reason: 'outcomePrices[0]: expected a probability from 0 to 1' },
  ]);
  t.equal(markets.length, 6);
});

t.test(
  'a single Gamma event: its category from its top-level tag, a bad nested market skipped by its path',
  async (t) => {
    const { markets, events, skipped } = parsePolymarketPayload(fixture('gamma_event_rates.json'));
    t.same(events, [
      {
        source: 'polymarket',
        sourceKey: '77001',
        slug: 'fed-decision-in-march-2026',
        title: 'Fed decision in March 2026?',
        category: 'economy',
        mutuallyExclusive: true,
        closeAt: Date.parse('2026-03-18T18:00:00Z'),
        sourceUrl: 'https://polymarket.com/event/fed-decision-in-march-2026',
      },
    ]);
    t.match(markets, [
      {
        slug: 'fed-cut-25-march-2026',
        label: '25 bps cut',
        category: 'economy',
        eventKey: '77001',
        outcomes: [{ probability: 0.115 }, { probability: 0.885 }],
      },
    ]);
    t.same(skipped, [{ item: 'event[0].markets[1]', reason: 'conditionId: expected a non-empty string' }]);
  },
);

t.test("events and markets from another site in Polymarket's format cite their pages there", async (t) => {
  const site = { site: 'https://polymarket.example' };
  const { events, markets } = parsePolymarketPayload(fixture('gamma_event_rates.json'), site);
  t.same(
    [...events, ...markets].map((r) => r.sourceUrl),
    [
      'https://polymarket.example/event/fed-decision-in-march-2026',
      'https://polymarket.example/event/fed-decision-in-march-2026/fed-cut-25-march-2026',
    ],
  );
  t.equal(
    parsePolymarketPayload(fixture('gamma_markets.json'), site).markets[0]!.sourceUrl,
    'https://polymarket.example/market/fed-decision-in-march-2026',
  );
  t.equal(
    parsePolymarketPayload(fixture('clob_market_three_outcomes.json'), site).markets[0]!.sourceUrl.startsWith(
      'https://polymarket.example/market/',
    ),
    true,
  );
});

t.test('CLOB: three outcomes with a winner; a token priced in words fails its whole market', async (t) => {
  const one = parsePolymarketPayload(fixture('clob_market_three_outcomes.json'));
  t.match(one.markets[0], {
    kind: 'categorical',
    status: 'resolved',
    resolution: 'Republican',
    category: 'elections',
    outcomes: [{ outcomeKey: '5001' }, { outcomeKey: '5002' }, { outcomeKey: '5003' }],
  });
  const page = parsePolymarketPayload(fixture('clob_page_with_bad_token.json'));
  t.match(page.markets, [{ slug: 'snow-in-paris-on-christmas', status: 'open', closeAt: null, category: null }]);
  t.same(page.skipped, [{ item: 'data[1]', reason: 'tokens[0].price: expected a number from 0 to 1' }]);
});

t.test('prices-history: each bad point skipped, the others kept; its token must be given', async (t) => {
  const { history, skipped } = parsePolymarketPayload(fixture('prices_history_with_bad_points.json'), { key: '4001' });
  t.same(
    history.map((p) => [p.outcomeKey, p.ts, p.probability]),
    [
      ['4001', 1772409600000, 0.42],
      ['4001', 1772420400000, 0.45],
    ],
  );
  t.same(
    skipped.map((s) => s.item),
    ['history[1]', 'history[2]'],
  );
  t.equal(
    refusal(() => parsePolymarketPayload(fixture('prices_history_with_bad_points.json'))),
    'a prices-history answer does not name its outcome token: give the token id it was asked for',
  );
});

t.test('a book with one side empty shows no probability', async (t) => {
  const book =
    '{"market": "0x1", "asset_id": "9", "bids": [], "asks": [{"price": "0.4", "size": "10"}], "timestamp": "1772409600000"}';
  t.same(parsePolymarketPayload(book), { markets: [], events: [], history: [], skipped: [] });
});

t.test('payloads of another shape refused whole', async (t) => {
  t.match(
    refusal(() => parsePolymarketPayload('{"error": "not found"}')),
    /^not a Polymarket payload/,
  );
  t.match(
    refusal(() => parsePolymarketPayload('[1, 2]')),
    /^not a Polymarket payload/,
  );
  t.match(
    refusal(() => parsePolymarketPayload('<html>')),
    /^not JSON/,
  );
  t.same(parsePolymarketPayload('[]').markets, [], 'an empty list is an empty answer');
});
