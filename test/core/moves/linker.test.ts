// The move linker's rule: causes from the day's stories about the instrument, its company or a share's sector,
// candidates otherwise.
import t from 'tap';
import { explainMove, type LinkableEvent, linkMove, type MoveSubject } from '../../../core/moves/linker.js';

const DAY = 86_400_000;
const dayMs = Date.UTC(2026, 2, 4);
const story = (id: number, at: number, importance: number, entities: string[], kind = 'news'): LinkableEvent => ({
  id,
  kind,
  occurredAt: at,
  importance,
  headline: `story ${id}`,
  entities,
});
const share: MoveSubject = { symbol: 'TSLA', kind: 'stock', company: 'tesla', sector: 'consumer-discretionary', dayMs };

t.test('causes: that day, about the instrument or its company, important enough', async (t) => {
  const events = [
    story(1, dayMs + 3_600_000, 70, ['company:tesla']),
    story(2, dayMs - 3_600_000, 90, ['instrument:tsla']),
    story(3, dayMs + 60_000, 40, ['instrument:tsla']),
  ];
  const { causes, candidates } = linkMove(share, events);
  t.same(
    causes.map((e) => e.id),
    [1],
  );
  t.same(candidates, [], 'an explained move has no candidates');
});

t.test(
  'candidates of an unexplained move: the instrument, its company or its sector, that day or the day before',
  async (t) => {
    const events = [
      story(1, dayMs - DAY + 60_000, 75, ['sector:consumer-discretionary', 'company:amazon']),
      story(2, dayMs + 60_000, 52, ['company:tesla']),
      story(3, dayMs - 2 * DAY, 90, ['sector:consumer-discretionary']),
      story(4, dayMs + 60_000, 45, ['sector:consumer-discretionary']),
      story(5, dayMs + 60_000, 80, ['sector:energy']),
    ];
    const { causes, candidates } = linkMove(share, events);
    t.same(causes, []);
    t.same(
      candidates.map((e) => e.id),
      [1, 2],
      'most important first; not two days before, not under 50, not another sector',
    );
  },
);

t.test("a share's sector news that day, important enough, is a cause: crude's news moves energy shares", async (t) => {
  const oil = story(1, dayMs + 23 * 3_600_000, 70, ['instrument:wti', 'sector:energy']);
  const exxon: MoveSubject = { symbol: 'XOM', kind: 'stock', company: 'exxon-mobil', sector: 'energy', dayMs };
  t.same(
    linkMove(exxon, [oil]).causes.map((e) => e.id),
    [1],
    'the energy share',
  );
  t.same(linkMove(share, [oil]).causes, [], 'not a share of another sector');
  t.same(linkMove(exxon, [{ ...oil, importance: 50 }]).causes, [], 'not a minor one');
  t.same(linkMove(exxon, [{ ...oil, occurredAt: dayMs - 3_600_000 }]).causes, [], 'not the day before');
});

t.test("an ETF does not take its issuer's sector news as its own", async (t) => {
  const etf: MoveSubject = { symbol: 'SPY', kind: 'etf', company: 'state-street', sector: 'financials', dayMs };
  const { causes, candidates } = linkMove(etf, [story(1, dayMs + 60_000, 80, ['sector:financials'])]);
  t.same([...causes, ...candidates], []);
});

t.test(
  "a surprising macro release or rate decision causes the day's move of every kind, a share with its index",
  async (t) => {
    const cpi = story(1, dayMs + 13 * 3_600_000, 85, ['macro:us-cpi'], 'macro_release');
    const routine = story(2, dayMs + 13 * 3_600_000, 60, ['macro:us-jobless-claims'], 'macro_release');
    const fed = story(3, dayMs - DAY + 19 * 3_600_000, 85, ['macro:fed-funds-rate'], 'policy_decision');
    for (const subject of [
      share,
      { ...share, symbol: 'SPX', kind: 'index' as const, company: null, sector: null },
      { ...share, symbol: 'US2Y', kind: 'rate' as const, company: null, sector: null },
    ]) {
      t.same(
        linkMove(subject, [cpi, routine, fed]).causes.map((e) => e.id),
        [1],
        `${subject.symbol}: the surprise that day, not a routine release, not the day before`,
      );
    }
  },
);

t.test("a rate's move is explained in basis points, any other's in percent", async (t) => {
  const cause: LinkableEvent = {
    id: 9,
    headline: 'Fed hikes',
    kind: 'policy_decision',
    importance: 90,
    occurredAt: 0,
    entities: [],
  };
  t.equal(
    explainMove('US10Y', '2026-11-19', 3.85, 2.9, [cause], 15),
    'US10Y rose 15 bp on 2026-11-19 (2.9 times its usual daily move), the day of "Fed hikes" (event 9).',
  );
  t.equal(
    explainMove('BTC', '2026-11-19', -8.5, null, [cause]),
    'BTC fell 8.50% on 2026-11-19, the day of "Fed hikes" (event 9).',
  );
});
