// The FOMC's decision days: the published schedules to the day, and for other years a pattern that keeps the Fed's
// rhythm (eight Wednesdays, never a holiday either day of a meeting, never two meetings within five weeks).
import t from 'tap';
import {
  fomcDecisionDays,
  fomcEffectiveDay,
  fomcPatternDays,
  fomcStatement,
  fomcStatements,
} from '../../../core/calendar/fomc.js';
import { isReleaseDay } from '../../../core/calendar/us-holidays.js';
import { fomcPublishedIn } from '../../helpers/fomc-published.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

t.test('the published schedules, second days of the meetings', async (t) => {
  t.same(fomcDecisionDays(2024).map(iso), fomcPublishedIn(2024));
  t.same(fomcDecisionDays(2025).map(iso), fomcPublishedIn(2025));
  t.same(fomcDecisionDays(2026).map(iso), fomcPublishedIn(2026));
  t.same(fomcDecisionDays(2027).map(iso), fomcPublishedIn(2027));
});

t.test('the pattern matches the schedules it is read from to within a week', async (t) => {
  // 2025's May meeting and 2027's June and September ones came a week from the pattern; the rest fall on it.
  for (const year of [2025, 2026, 2027]) {
    const off = fomcDecisionDays(year).filter((d) => !fomcPatternDays(year).some((p) => Math.abs(p - d) <= 7 * DAY));
    t.same(off.map(iso), [], `${year}`);
  }
});

t.test(
  'every year from 2024 to 2060: eight Wednesdays (or a published Thursday), working days, five weeks apart or more',
  async (t) => {
    const all: number[] = [];
    for (let year = 2024; year <= 2060; year++) {
      const days = fomcDecisionDays(year);
      if (days.length !== 8) t.fail(`${year}: ${days.length} meetings`);
      const bad = days.filter(
        (d) => !isReleaseDay(d) || !isReleaseDay(d - DAY) || (new Date(d).getUTCDay() !== 3 && iso(d) !== '2024-11-07'),
      );
      if (bad.length)
        t.fail(`${year}: not a working Wednesday, or a holiday the day before: ${bad.map(iso).join(', ')}`);
      all.push(...days);
    }
    const close = all.flatMap((d, k) =>
      k > 0 && d - all[k - 1]! < 35 * DAY ? [`${iso(all[k - 1]!)} and ${iso(d)}`] : [],
    );
    t.same(close, [], 'no two meetings within five weeks');
    const far = all.flatMap((d, k) =>
      k > 0 && d - all[k - 1]! > 56 * DAY ? [`${iso(all[k - 1]!)} and ${iso(d)}`] : [],
    );
    t.same(far, [], 'nor more than eight weeks apart');
    t.ok(
      fomcDecisionDays(2030).every(
        (d, k) =>
          new Date(d).getUTCMonth() === [0, 2, 3, 5, 6, 8, 9, 11][k] || (k === 2 && new Date(d).getUTCMonth() === 4),
      ),
      'in the usual months',
    );
  },
);

t.test('statements at 14:00 New York, the new range in force the next day', async (t) => {
  t.equal(new Date(fomcStatement(Date.UTC(2026, 11, 9))).toISOString(), '2026-12-09T19:00:00.000Z', 'winter: 19:00Z');
  t.equal(new Date(fomcStatement(Date.UTC(2026, 6, 29))).toISOString(), '2026-07-29T18:00:00.000Z', 'summer: 18:00Z');
  t.equal(
    iso(fomcEffectiveDay(Date.UTC(2024, 11, 18))),
    '2024-12-19',
    "DFEDTARU shows December 2024's cut from the 19th",
  );
  t.same(
    fomcStatements(Date.UTC(2026, 9, 1), Date.UTC(2027, 1, 1)).map((ms) => new Date(ms).toISOString()),
    ['2026-10-28T18:00:00.000Z', '2026-12-09T19:00:00.000Z', '2027-01-27T19:00:00.000Z'],
  );
});
