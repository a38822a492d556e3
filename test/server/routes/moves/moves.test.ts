// /v1/moves, /v1/moves/explain and /v1/events/{id} on the demo: zScores recomputed from the candles endpoint, every
// recorded move with its cause and the linker against the demo story's ground truth, candidates of the moves lower
// floors find, every filter, paging, and bad input.

import { rmSync } from 'node:fs';
import t from 'tap';
import { demoHistoryStart } from '../../../../core/demo/history.js';
import { demoMarketModel } from '../../../../core/demo/market-model.js';
import { DEMO_INSTRUMENTS } from '../../../../core/demo/universe.js';
import { demoWorld } from '../../../../core/demo/world.js';
import { startServer } from '../../../../harness/server.js';

const env = { TAPEWIRE_DEMO: '1', RATE_LIMIT_ANON_RPM: '100000' };
let server = await startServer({ env });
const dataDir = server.dataDir;
t.teardown(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { loadedAt: string } } };
const anchor = Date.parse(meta.data.dataset.loadedAt);
const story = demoWorld(20261121, anchor).story;
const DAY = 86_400_000;

interface EventOut {
  id: number;
  occurredAt: string;
  importance: number;
  entities: { type: string; key: string }[];
}
interface MoveOut {
  id: number;
  key: string;
  instrument: { key: string };
  date: string;
  fromPrice: number;
  toPrice: number;
  pct: number;
  changeBp: number | null;
  zScore: number | null;
  label: string;
  explanation: string | null;
  causes: EventOut[];
  candidateStories?: EventOut[];
}
interface Page {
  data: MoveOut[];
  page: { limit: number; offset: number; nextOffset: number | null };
}
const list = async (query: string): Promise<Page> => {
  const res = await server.get(`/v1/moves?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
};
const all = async (query: string): Promise<MoveOut[]> => {
  const out: MoveOut[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: Page = await list(`${query}&limit=200&offset=${offset}`);
    out.push(...page.data);
    offset = page.page.nextOffset;
  }
  return out;
};
const moves = await all('candidates=true');

t.test('paging walks every move once, newest first', async (t) => {
  t.ok(moves.length >= 300, `${moves.length} moves`);
  t.equal(new Set(moves.map((m) => m.id)).size, moves.length, 'no duplicates');
  t.ok(
    moves.every((m, k) => k === 0 || m.date <= moves[k - 1]!.date),
    'newest first',
  );
});

t.test(
  "a yield's move in basis points: its change, its label and its explanation; other kinds' in percent",
  async (t) => {
    const rates = moves.filter((m) => m.instrument.key === 'US2Y' || m.instrument.key === 'US10Y');
    t.ok(rates.length > 0, `${rates.length} moves of the yields`);
    for (const m of rates) {
      const bp = Math.round((m.toPrice - m.fromPrice) * 1000) / 10;
      if (m.changeBp !== bp) t.fail(`${m.key}: ${m.changeBp} bp, the closes say ${bp}`);
      if (!m.label.endsWith(`${bp > 0 ? '+' : bp < 0 ? '-' : ''}${Math.abs(bp)} bp on ${m.date}`))
        t.fail(`${m.key}: label ${m.label}`);
      if (m.explanation && !m.explanation.includes(`${Math.abs(bp)} bp on ${m.date}`))
        t.fail(`${m.key}: ${m.explanation}`);
    }
    t.ok(
      moves.filter((m) => !rates.includes(m)).every((m) => m.changeBp === null && m.label.includes('%')),
      'every other move in percent',
    );
  },
);

t.test('pct and zScore recomputed from the daily closes of the candles endpoint', async (t) => {
  let checked = 0;
  for (const symbol of ['BTC', 'AAPL', 'SPX', 'EURUSD', 'US10Y']) {
    const candles = (await (await server.get(`/v1/instruments/${symbol}/candles?interval=1d`)).json()) as {
      data: { candles: { ts: string; close: number }[] };
    };
    const closes = candles.data.candles.slice(0, -1); // the last one is today's, still open
    const pcts = closes.map((c, k) => (k === 0 ? NaN : (c.close / closes[k - 1]!.close - 1) * 100));
    const zAt = (k: number) => {
      const window = pcts.slice(Math.max(1, k - 60), k);
      if (window.length < 20) return null;
      const mean = window.reduce((a, b) => a + b, 0) / window.length;
      const sd = Math.sqrt(window.reduce((a, b) => a + (b - mean) ** 2, 0) / (window.length - 1));
      return Math.abs(pcts[k]!) / sd;
    };
    const index = new Map(closes.map((c, k) => [c.ts.slice(0, 10), k]));
    for (const m of moves.filter((x) => x.instrument.key === symbol)) {
      const k = index.get(m.date)!;
      const z = zAt(k);
      const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
      if (!close(m.pct, pcts[k]!) || !close(m.toPrice, closes[k]!.close) || !close(m.fromPrice, closes[k - 1]!.close))
        t.fail(`${m.key}: prices`);
      if ((z === null) !== (m.zScore === null) || (z !== null && !close(m.zScore!, z)))
        t.fail(`${m.key}: zScore ${m.zScore} vs ${z}`);
      checked++;
    }
  }
  t.ok(checked >= 50, `${checked} moves recomputed`);
});

t.test(
  'causes against the demo ground truth: every move of the recorded history has one, never a story from a later day',
  async (t) => {
    // A known cause: the story says it moved the symbol (two daily sd or more, or an unusual day's story about it), or
    // its shocks alone moved the symbol by one sd, which the day's own drift can carry past the detector's floor.
    const model = demoMarketModel(20261121, demoHistoryStart(anchor, 1));
    const truth = new Map<string, Set<number>>();
    for (const e of story.events) {
      const impact = e.shocks.length ? model.impact(e.shocks, e.occurredAt) : null;
      const nudged = impact
        ? model.instruments.filter((_, i) => Math.abs(impact[i]!) >= 1).map((inst) => inst.symbol)
        : [];
      for (const symbol of new Set([...e.moves, ...nudged])) {
        const key = `${symbol}/${new Date(e.occurredAt - (e.occurredAt % DAY)).toISOString().slice(0, 10)}`;
        truth.set(key, new Set([...(truth.get(key) ?? []), e.id]));
      }
    }
    // The load's day was still moving with the live prices; the days before it are the recorded history.
    const loadDay = new Date(anchor).toISOString().slice(0, 10);
    const recorded = moves.filter((m) => m.date < loadDay);
    t.same(
      recorded.filter((m) => !m.causes.length).map((m) => m.key),
      [],
      'no move of the recorded history without a cause',
    );
    const withTruth = recorded.filter((m) => truth.has(m.key));
    const right = withTruth.filter((m) => m.causes.some((c) => truth.get(m.key)!.has(c.id)));
    t.ok(
      withTruth.length >= 0.97 * recorded.length && recorded.length >= 300,
      `${withTruth.length} of ${recorded.length} moves have a known cause`,
    );
    t.equal(right.length, withTruth.length, 'each linked to its known cause');
    const late = moves.filter((m) => m.causes.some((c) => c.occurredAt.slice(0, 10) > m.date));
    t.same(
      late.map((m) => m.key),
      [],
      'no cause after its move',
    );
    const explained = moves.filter((m) => m.causes.length);
    t.ok(
      explained.every((m) => m.causes.every((c) => m.explanation!.includes(`(event ${c.id})`))),
      'explanations cite their event ids',
    );
    t.ok(
      moves.filter((m) => !m.causes.length).every((m) => m.explanation === null),
      'no explanation without a cause',
    );
    t.same(
      explained.filter((m) => m.candidateStories?.length).map((m) => m.key),
      [],
      'candidates only on moves without a cause',
    );
  },
);

t.test('filters: symbol, date (most unusual first), from/to, minPct, minZ, candidates', async (t) => {
  const btc = await all('symbol=btc');
  t.same(
    btc.map((m) => m.id),
    moves.filter((m) => m.instrument.key === 'BTC').map((m) => m.id),
  );
  const busiest = [...moves.reduce((n, m) => n.set(m.date, (n.get(m.date) ?? 0) + 1), new Map<string, number>())].sort(
    (a, b) => b[1] - a[1],
  )[0]![0];
  const day = await all(`date=${busiest}`);
  t.ok(day.length >= 2 && day.every((m) => m.date === busiest));
  const unusual = (m: MoveOut) => [m.zScore ?? -1, Math.abs(m.pct)] as const;
  const inOrder = (list: MoveOut[]) =>
    list.every((m, k) => {
      if (k === 0) return true;
      const [z, size] = unusual(m);
      const [zBefore, sizeBefore] = unusual(list[k - 1]!);
      return z < zBefore || (z === zBefore && size <= sizeBefore);
    });
  t.ok(inOrder(day), 'most unusual first');
  const mixed = moves.find((m) => m.zScore === null && moves.some((o) => o.date === m.date && o !== m))!;
  t.ok(inOrder(await all(`date=${mixed.date}`)), `${mixed.date}: by zScore, then those without one by size`);
  const monthStart = `${busiest.slice(0, 7)}-01`;
  const untilBusiest = await all(`from=${monthStart}&to=${busiest}`);
  t.same(
    untilBusiest.map((m) => m.id),
    moves.filter((m) => m.date >= monthStart && m.date <= busiest).map((m) => m.id),
    'to is included',
  );
  t.same(
    (await all('minPct=8')).map((m) => m.id),
    moves.filter((m) => Math.abs(m.pct) >= 8).map((m) => m.id),
  );
  t.same(
    (await all('minZ=4')).map((m) => m.id),
    moves.filter((m) => (m.zScore ?? 0) >= 4).map((m) => m.id),
  );
  t.ok(
    moves.some((m) => m.zScore === null),
    'some moves have no zScore',
  );
  for (const none of ['minZ=0', 'minZ=', 'minZ=null', 'minPct=null', 'minPct='])
    t.equal((await all(none)).length, moves.length, `${none} filters nothing`);
  t.equal((await list('')).page.limit, 30, 'limit defaults to 30');
  t.ok(
    (await list('candidates=false')).data.every((m) => m.candidateStories === undefined),
    'candidates=false leaves them out',
  );
  const status = async (query: string) => (await server.get(`/v1/moves?${query}`)).status;
  t.equal(await status('symbol=NOPE'), 404);
  t.equal(
    await status('from=2020-03-02&to=2020-03-01'),
    422,
    'from after to is a validation error (400 is for events, catalysts, brief)',
  );
  t.equal(await status('date=2026-02-30'), 422);
  t.equal(await status('date=2020-03-01T00:00'), 422);
  t.equal(await status('limit=201'), 422);
  t.equal(await status('minZ=-1'), 422);
});

t.test('/v1/events/{id}: the moves it caused, no filing yet, related stories', async (t) => {
  // A company's story: its sector is shared by the other companies' stories, so related stories are certain to exist.
  const caused = moves.find((m) => m.causes.length === 1 && m.causes[0]!.entities.some((e) => e.type === 'sector'))!;
  const cause = caused.causes[0]!;
  const res = await server.get(`/v1/events/${cause.id}`);
  t.equal(res.status, 200);
  const { data } = (await res.json()) as {
    data: EventOut & { causedMoves: MoveOut[]; filing: unknown; relatedStories: EventOut[] };
  };
  t.equal(data.id, cause.id);
  t.ok(
    data.causedMoves.some((m) => m.id === caused.id),
    'the move it caused',
  );
  t.ok(data.causedMoves.every((m) => m.causes.some((c) => c.id === cause.id)));
  t.equal(data.filing, null);
  const keys = new Set(data.entities.map((e) => `${e.type}:${e.key}`));
  t.ok(data.relatedStories.length >= 1 && data.relatedStories.length <= 10);
  for (const r of data.relatedStories) {
    if (r.id === data.id || !r.entities.some((e) => keys.has(`${e.type}:${e.key}`)))
      t.fail(`related ${r.id} shares nothing`);
    if (Math.abs(Date.parse(r.occurredAt) - Date.parse(data.occurredAt)) > 45 * DAY)
      t.fail(`related ${r.id} is too far`);
  }
  t.ok(
    data.relatedStories.every((r, k) => k === 0 || r.importance <= data.relatedStories[k - 1]!.importance),
    'most important first',
  );
  t.equal((await server.get('/v1/events/999999')).status, 404);
  t.equal((await server.get(`/v1/events/${Number.MAX_SAFE_INTEGER}`)).status, 404, 'the largest id is an id');
  t.equal((await server.get('/v1/events/0')).status, 422);
  t.equal((await server.get('/v1/events/abc')).status, 422);
});

t.test('/v1/moves/explain: the move, the stories around it, macro news, other movers, closes', async (t) => {
  interface Explained {
    data: {
      instrument: { key: string };
      date: string;
      move: MoveOut | null;
      storiesAround: EventOut[];
      macroThatDay: (EventOut & { kind: string })[];
      otherMovers: MoveOut[];
      closes: { date: string; close: number }[];
    };
  }
  const explain = async (query: string) => (await (await server.get(`/v1/moves/explain?${query}`)).json()) as Explained;
  const latest = moves.find((m) => m.instrument.key === 'SPX')!;
  const byDefault = await explain('symbol=spx');
  t.equal(byDefault.data.date, latest.date, 'the latest move by default');
  t.equal(byDefault.data.move!.id, latest.id);
  // Ten closed days either side: a day at least eleven days old.
  const macroDay = moves.find(
    (m) =>
      m.instrument.key === 'SPX' &&
      Date.parse(m.date) < anchor - 11 * DAY &&
      m.causes.some((c) => story.events.find((e) => e.id === c.id)!.kind === 'macro_release'),
  )!;
  const { data } = await explain(`symbol=SPX&date=${macroDay.date}`);
  t.same(
    data.move!.causes.map((c) => c.id),
    macroDay.causes.map((c) => c.id),
  );
  t.ok(
    data.macroThatDay.some((e) => e.id === macroDay.causes[0]!.id) &&
      data.macroThatDay.every((e) => e.occurredAt.startsWith(macroDay.date)),
    "that day's macro news",
  );
  t.ok(
    data.otherMovers.length >= 1 &&
      data.otherMovers.every((m) => m.date === macroDay.date && m.instrument.key !== 'SPX'),
    'other movers that day',
  );
  t.equal(data.closes.length, 21, 'ten closes each side');
  t.equal(data.closes[10]!.date, macroDay.date);
  t.ok(Math.abs(data.closes[10]!.close - macroDay.toPrice) < 1e-9);
  const company = await explain(`symbol=AAPL&date=${moves.find((m) => m.instrument.key === 'AAPL')!.date}`);
  t.ok(
    company.data.storiesAround.every((e) =>
      e.entities.some(
        (r) => (r.type === 'instrument' && r.key === 'AAPL') || (r.type === 'company' && r.key === 'apple'),
      ),
    ),
  );
  const quiet = await explain('symbol=BTC&date=2000-01-01');
  t.equal(quiet.data.move, null, 'a day that was not a move');
  t.same(quiet.data.closes, []);
  const status = async (query: string) => (await server.get(`/v1/moves/explain?${query}`)).status;
  t.equal(await status(''), 422, 'symbol is required');
  t.equal(await status('symbol=NOPE'), 404);
  t.equal(await status('symbol=BTC&date=2026-13-01'), 422);
  t.equal(await status(`symbol=${'X'.repeat(21)}`), 422);
});

t.test('candidates of the moves lower floors find, which the demo wrote no story for', async (t) => {
  // The same data with floors far under the demo's: the detector finds moves without a cause, and offers candidates.
  await server.stop();
  server = await startServer({ dataDir, env: { ...env, MOVE_FLOORS: 'stock=2,etf=1.5,index=1.5' } });
  const lowered = await all('candidates=true');
  const unexplained = lowered.filter((m) => !m.causes.length);
  t.ok(unexplained.length >= 50, `${unexplained.length} moves without a cause`);
  t.ok(
    unexplained.every((m) => m.explanation === null),
    'no explanation without a cause',
  );
  // Candidates of a share also come from its sector's news; an ETF's do not come from its issuer's sector.
  const demo = new Map(DEMO_INSTRUMENTS.map((i) => [i.symbol, i]));
  const sectorOnly = (m: MoveOut) =>
    (m.candidateStories ?? []).filter(
      (c) =>
        !c.entities.some(
          (r) =>
            (r.type === 'instrument' && r.key === m.instrument.key) ||
            (r.type === 'company' && r.key === demo.get(m.instrument.key)!.company),
        ),
    );
  const bySector = lowered.filter((m) => sectorOnly(m).length);
  t.ok(
    bySector.length >= 1 && bySector.every((m) => demo.get(m.instrument.key)!.kind === 'stock'),
    `${bySector.length} shares' moves have candidates from their sector only`,
  );
  t.ok(
    bySector.every((m) => sectorOnly(m).every((c) => c.entities.some((r) => r.type === 'sector'))),
    'and those are sector stories',
  );
  for (const m of lowered) {
    for (const c of m.candidateStories ?? []) {
      const day = Date.parse(m.date);
      const at = Date.parse(c.occurredAt);
      if (at < day - DAY || at >= day + DAY || c.importance < 50) t.fail(`${m.key}: candidate ${c.id}`);
    }
  }
});
