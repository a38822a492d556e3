// /v1/market/status over HTTP: the NYSE calendar's answer at a holiday, an early close, a weekend and ordinary days in
// winter and summer; now by default (a pinned clock, the day after Thanksgiving 2026); the snapshot's copy; bad input.
import t from 'tap';
import { startServer } from '../../../../harness/server.js';
import { pinnedClock } from '../../../helpers/clock.js';

const CLOCK = pinnedClock('2026-11-27T15:00:00Z');
const server = await startServer({ env: { ...CLOCK.env, TAPEWIRE_DEMO: '0' } });
t.teardown(() => server.dispose());

type Json = Record<string, any>;
async function status(query: string): Promise<Json> {
  const res = await server.get(`/v1/market/status${query}`);
  const body = (await res.json()) as Json;
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}
const session = (date: string, open: string, close: string, earlyClose: string | null = null) => ({
  date,
  open: `${date}T${open}:00.000Z`,
  close: `${date}T${close}:00.000Z`,
  earlyClose,
});

t.test('now, by default: in the early-close session of the day after Thanksgiving, five sessions ahead', async (t) => {
  const data = await status('');
  t.ok(
    Date.parse(data.at) - CLOCK.nowMs >= 0 && Date.parse(data.at) - CLOCK.nowMs < 60_000,
    `at the server's now: ${data.at}`,
  );
  t.equal(data.open, true);
  t.same(
    data.current,
    session('2026-11-27', '14:30', '18:00', 'Day after Thanksgiving'),
    'closes at 13:00 New York, 18:00Z',
  );
  t.same(data.today, { date: '2026-11-27', session: data.current, closed: null });
  t.same(
    data.next.map((s: Json) => s.date),
    ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'],
  );
});

t.test('at a holiday, named, with the next session', async (t) => {
  const data = await status('?at=2026-11-26T16:00:00Z&sessions=2');
  t.same(data, {
    at: '2026-11-26T16:00:00.000Z',
    open: false,
    today: { date: '2026-11-26', session: null, closed: 'Thanksgiving Day' },
    current: null,
    next: [session('2026-11-27', '14:30', '18:00', 'Day after Thanksgiving'), session('2026-11-30', '14:30', '21:00')],
  });
  t.same(
    (await status('?at=2025-01-09T15:00:00Z&sessions=1')).today.closed,
    'National Day of Mourning for President Jimmy Carter',
    'a one-off closure',
  );
  t.same(
    (await status('?at=2026-11-26')).today.closed,
    'Thanksgiving Day',
    "a bare date is that New York day's midnight, not the evening before",
  );
});

t.test('a weekend, and ordinary days in winter and summer', async (t) => {
  const weekend = await status('?at=2026-11-28T15:00:00Z&sessions=1');
  t.same(
    [weekend.open, weekend.today.closed, weekend.next],
    [false, 'weekend', [session('2026-11-30', '14:30', '21:00')]],
  );
  const winter = await status('?at=2026-12-09T15:00:00Z&sessions=1');
  t.same([winter.open, winter.current], [true, session('2026-12-09', '14:30', '21:00')], 'winter: 14:30Z to 21:00Z');
  const summer = await status('?at=2026-07-15T13:29:00Z&sessions=1');
  t.same(
    [summer.open, summer.current, summer.next],
    [false, null, [session('2026-07-15', '13:30', '20:00')]],
    'summer: a minute before the 13:30Z open',
  );
  t.same((await status('?at=2026-07-15T09:30:00-04:00&sessions=1')).open, true, 'an offset is read as given');
  t.equal((await status('?sessions=30')).next.length, 30);
});

t.test('the snapshot carries the status now, with the next session', async (t) => {
  const { data } = (await (await server.get('/v1/market/snapshot')).json()) as Json;
  t.match(data.marketStatus, {
    open: true,
    current: session('2026-11-27', '14:30', '18:00', 'Day after Thanksgiving'),
    next: [session('2026-11-30', '14:30', '21:00')],
  });
});

t.test('bad input: a 422 naming the parameter, in the error shape', async (t) => {
  for (const [query, param] of [
    ['?at=tomorrow', 'at'],
    ['?at=2026-02-30', 'at'],
    ['?at=2026-02-30T10:00:00Z', 'at'],
    ['?at=1989-12-29T15:00:00Z', 'at'],
    ['?at=2101-01-03', 'at'],
    ['?sessions=0', 'sessions'],
    ['?sessions=31', 'sessions'],
    ['?sessions=two', 'sessions'],
    ['?at=2026-11-27&when=now', 'when'],
  ]) {
    const res = await server.get(`/v1/market/status${query}`);
    const body = (await res.json()) as Json;
    t.equal(res.status, 422, query!);
    t.match(
      body,
      { error: { code: 'validation_failed', message: String, details: [{ in: 'query', param }] } },
      `${query}: names ${param}`,
    );
  }
});
