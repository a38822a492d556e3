// Calendars through `tapewire import calendar` into a running server: catalysts served with their source, and a
// meeting imported again with a new date keeps its id and shows the new time.
import t from 'tap';
import { importFiles, startServer } from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

interface Catalyst {
  id: number;
  kind: string;
  title: string;
  expectedAt: string;
  description: string | null;
  sourceUrl: string | null;
}

t.test('a moved catalyst keeps its id', async (t) => {
  const server = await startServer({ env: { ...CLOCK, TAPEWIRE_ANON: '1' } });
  t.teardown(() => server.dispose());
  const catalysts = async () =>
    ((await (await server.get('/v1/catalysts?from=2027-01-01&to=2027-02-01')).json()) as { data: Catalyst[] }).data;

  const first = await importFiles(server.dataDir, 'calendar', 'test/fixtures/calendars/fed-calendar.json');
  t.equal(first.code, 0, first.stderr);
  t.equal(
    first.stdout,
    'test/fixtures/calendars/fed-calendar.json: catalysts: read 2, written 2, already stored 0; skipped 1 item\n  events[3]: days: expected day numbers, got "x"\n',
  );
  const before = await catalysts();
  t.match(before, [
    { kind: 'macro_release', title: 'Beige Book', expectedAt: '2027-01-13T19:00:00.000Z' },
    {
      kind: 'policy_decision',
      title: 'FOMC rate decision',
      expectedAt: '2027-01-27T19:00:00.000Z',
      description: 'Two-day meeting, January 26 - 27',
      sourceUrl: 'https://www.federalreserve.gov/newsevents/calendar.htm',
    },
  ]);

  const moved = await importFiles(server.dataDir, 'calendar', 'test/fixtures/calendars/fed-calendar-moved.json');
  t.equal(moved.code, 0, moved.stderr);
  t.equal(
    moved.stdout,
    'test/fixtures/calendars/fed-calendar-moved.json: catalysts: read 2, written 1, already stored 1\n',
    'the moved meeting is written, the unchanged Beige Book left',
  );
  const after = await catalysts();
  t.equal(after.length, 2, 'no second meeting');
  t.match(
    after[1],
    { id: before[1]!.id, expectedAt: '2027-01-28T19:00:00.000Z', description: 'Two-day meeting, January 27 - 28' },
    'same id, new time',
  );
  t.equal(after[0]!.id, before[0]!.id);
});
