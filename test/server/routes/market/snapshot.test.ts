// /v1/market/snapshot on the demo: the strip, the latest day's moves with causes, decayed top stories, the week's
// catalysts, its headline macro numbers, and how far each dataset runs.
import t from 'tap';
import { DASHBOARD_SLUGS } from '../../../../core/macro/catalog.js';
import { startServer } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';

const server = await startServer({ env: { TAPEWIRE_DEMO: '1' } });
t.teardown(() => server.dispose());

t.test(
  'many answers asked at once on a fresh server, each fanning out to many reads: no warning on stderr',
  async (t) => {
    // A request waits on a kept answer or a query per part (the macro dashboard, 22 series): past ten waits on one
    // request's abort signal Node warned of a leak (MaxListenersExceededWarning), four times in a normal session.
    const paths = [
      '/v1/macro/dashboard',
      '/v1/market/snapshot',
      '/v1/brief/company/apple',
      '/v1/brief/macro/us-cpi',
      '/v1/macro',
    ];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, k) => server.get(paths[k % paths.length]!)));
    t.ok(
      answers.every((a) => a.status === 200 || a.status === 503),
      'answered (or refused by the per-client database cap)',
    );
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    t.notMatch(server.stderr, /Warning/, 'no warning printed by Node or a library');
  },
);

interface Snapshot {
  strip: { symbol: string; sparkline: unknown[] }[];
  moves: {
    date: string | null;
    moves: { date: string; zScore: number | null; causes: unknown[]; candidateStories: unknown[] }[];
  };
  topStories: { importance: number; occurredAt: string }[];
  catalysts: { expectedAt: string; outcomeEventId: number | null }[];
  macro: { slug: string; latest: { value: number } | null }[];
  dataThrough: Record<string, string | null>;
}

t.test('every part, consistent with the endpoints it summarizes', async (t) => {
  const res = await server.get('/v1/market/snapshot');
  t.equal(res.status, 200);
  const { data } = (await res.json()) as { data: Snapshot };
  const strip = (await (await server.get('/v1/market/strip')).json()) as { data: { symbol: string }[] };
  t.same(
    data.strip.map((s) => s.symbol),
    strip.data.map((s) => s.symbol),
  );
  t.ok(data.strip.every((s) => s.sparkline.length === 24));

  const latest = (await (await server.get('/v1/moves?limit=1')).json()) as { data: { date: string }[] };
  t.equal(data.moves.date, latest.data[0]!.date, 'the latest day with moves');
  const thatDay = (await (await server.get(`/v1/moves?date=${data.moves.date}&limit=10`)).json()) as {
    data: { id: number }[];
  };
  t.same(
    data.moves.moves.map((m) => (m as unknown as { id: number }).id),
    thatDay.data.map((m) => m.id),
    'most unusual first',
  );
  t.ok(data.moves.moves.every((m) => Array.isArray(m.causes) && Array.isArray(m.candidateStories)));

  const now = clock.now();
  const score = (s: { importance: number; occurredAt: string }) =>
    s.importance * 0.5 ** ((now - Date.parse(s.occurredAt)) / 86_400_000);
  t.ok(data.topStories.length >= 1 && data.topStories.length <= 10);
  t.ok(
    data.topStories.every((s, k) => k === 0 || score(s) <= score(data.topStories[k - 1]!) * 1.001),
    'ranked by decayed importance',
  );
  t.ok(data.topStories.every((s) => now - Date.parse(s.occurredAt) <= 7 * 86_400_000));

  // A holiday week can hold no release at all (claims on the Wednesday of Thanksgiving, the next eight days later), so
  // the week's catalysts are compared with the catalysts endpoint's answer for the same week, not with a count.
  const weekEnd = new Date(now + 7 * 86_400_000).toISOString();
  const week = (await (await server.get(`/v1/catalysts?to=${weekEnd}&limit=200`)).json()) as { data: { id: number }[] };
  t.same(
    data.catalysts.map((c) => (c as unknown as { id: number }).id),
    week.data.map((c) => c.id).slice(0, data.catalysts.length),
    "the week's catalysts, as /v1/catalysts lists them",
  );
  t.ok(
    data.catalysts.every(
      (c) =>
        Date.parse(c.expectedAt) >= now - 60_000 &&
        Date.parse(c.expectedAt) <= now + 7 * 86_400_000 &&
        c.outcomeEventId === null,
    ),
  );
  t.same(
    data.macro.map((m) => m.slug),
    DASHBOARD_SLUGS,
    "the demo's headline macro numbers, in the dashboard's order",
  );
  t.ok(data.macro.every((m) => typeof m.latest?.value === 'number'));
  t.match(data.dataThrough, {
    price: String,
    event: String,
    move: String,
    macroObservation: String,
    oddsUpdate: String,
    filing: String,
  });
});
