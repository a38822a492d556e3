// What a prediction market is about: Kalshi's series tickers and the words of a question link markets to the macro
// series they bet on, on the real samples and the fixtures; markets about anything else link nothing. And the slugs
// markets are served under.
import t from 'tap';
import { marketEntities } from '../../../core/odds/links.js';
import { marketSlug, prefixedSlug } from '../../../core/odds/slug.js';
import { parseKalshiPayload } from '../../../core/sources/kalshi/index.js';
import type { PredictionMarketRecord } from '../../../core/sources/odds-records.js';
import { parsePolymarketPayload } from '../../../core/sources/polymarket/index.js';
import { fixture, readRealdata, realdataSkip } from '../../../harness/realdata.js';

const linked = (m: PredictionMarketRecord, title: string | null = null) =>
  marketEntities(m, title === null ? null : { title }).map((r) => r.key);

t.test('a rate decision: by its Kalshi series, or by its words', async (t) => {
  const event = parsePolymarketPayload(fixture('polymarket/gamma_event_rates.json'));
  const market = event.markets[0]!;
  t.same(marketEntities(market, event.events[0]!), [
    { type: 'macro', key: 'fed-funds-rate', label: 'Federal funds target rate', path: '/macro/fed-funds-rate' },
  ]);
  t.same(
    linked({ ...market, question: 'Which way?', label: null }, 'Fed decision in March 2026?'),
    ['fed-funds-rate'],
    "by its event's title",
  );
  t.same(linked({ ...market, question: 'Which way?', label: null }), [], 'not by nothing');
  const kalshi = parseKalshiPayload(fixture('kalshi/event_single_2026.json'));
  for (const m of kalshi.markets)
    t.same(linked({ ...m, question: 'Above 3.50%?' }), ['fed-funds-rate'], `${m.sourceKey}: by its series alone`);
});

t.test('CPI and other releases by their words; markets on anything else link nothing', async (t) => {
  const cents = parseKalshiPayload(fixture('kalshi/markets_cents_2025.json')).markets;
  t.same(linked(cents.find((m) => m.sourceKey.startsWith('KXCPIYOY'))!), ['us-cpi']);
  const gamma = parsePolymarketPayload(fixture('polymarket/gamma_markets.json')).markets;
  t.same(
    gamma.map((m) => [m.question, linked(m)]),
    [
      ['Fed decision in March 2026?', ['fed-funds-rate']],
      ['How many Fed rate cuts in 2026?', ['fed-funds-rate']],
      ['Will CPI come in above 3.0% in February?', ['us-cpi']],
      ['Will the match be played on March 3?', []],
      ['Will payrolls beat 150k in March?', ['us-payrolls']],
      ['A market not yet priced', []],
    ],
  );
});

t.test(
  'the real samples: the settled Fed decision links the policy rate, the others nothing',
  { skip: realdataSkip('prediction_markets') },
  async (t) => {
    const fed = parseKalshiPayload(readRealdata('prediction_markets/kalshi/events_KXFEDDECISION_settled_2026.json'));
    t.ok(fed.markets.length === 3 && fed.markets.every((m) => linked(m).join() === 'fed-funds-rate'));
    const elon = parseKalshiPayload(readRealdata('prediction_markets/kalshi/market_KXELONMARS-99.json'));
    t.same(linked(elon.markets[0]!), []);
    const nominee = parsePolymarketPayload(
      readRealdata('prediction_markets/polymarket/gamma_events_democratic-presidential-nominee-2028.json'),
    );
    t.ok(nominee.markets.every((m) => linked(m, nominee.events[0]!.title).length === 0));
  },
);

t.test(
  "slugs: the source's own in lower case, its id when nothing of it is usable; prefixed by the source on a clash",
  async (t) => {
    t.equal(marketSlug('KXFEDDECISION-26SEP-C25', 'KXFEDDECISION-26SEP-C25'), 'kxfeddecision-26sep-c25');
    t.equal(marketSlug('fed-decision-in-march-2026', '0xfeed'), 'fed-decision-in-march-2026');
    t.equal(marketSlug('¿Qué pasa? Sí', 'x'), 'qu-pasa-s-');
    t.equal(marketSlug('---', '0xABC'), '0xabc');
    t.equal(marketSlug('a'.repeat(300), 'x').length, 100);
    t.equal(prefixedSlug('kalshi', 'fed-hold'), 'kalshi-fed-hold');
  },
);
