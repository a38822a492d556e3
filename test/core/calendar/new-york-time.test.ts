// New York wall-clock times by the US daylight saving rules, checked against the time zone database (Intl) over years.
import t from 'tap';
import { newYorkOffsetHours, newYorkTime, newYorkWallClock } from '../../../core/calendar/new-york-time.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const intlParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** The New York wall clock of `ms` as the time zone database has it: YYYY-MM-DD HH:MM. */
function intl(ms: number): string {
  const p = Object.fromEntries(intlParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
const wall = (ms: number) => {
  const { dayMs, minutes } = newYorkWallClock(ms);
  return `${new Date(dayMs).toISOString().slice(0, 10)} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

t.test('known instants: an FOMC statement at 14:00 New York is 18:00Z in summer and 19:00Z in winter', async (t) => {
  t.equal(new Date(newYorkTime(day('2026-07-29'), 14)).toISOString(), '2026-07-29T18:00:00.000Z');
  t.equal(new Date(newYorkTime(day('2026-12-09'), 14)).toISOString(), '2026-12-09T19:00:00.000Z');
  t.equal(
    new Date(newYorkTime(day('2026-03-06'), 8, 30)).toISOString(),
    '2026-03-06T13:30:00.000Z',
    'before the March change',
  );
  t.equal(
    new Date(newYorkTime(day('2026-03-09'), 8, 30)).toISOString(),
    '2026-03-09T12:30:00.000Z',
    'the Monday after it',
  );
  t.equal(
    new Date(newYorkTime(day('2026-11-02'), 16, 5)).toISOString(),
    '2026-11-02T21:05:00.000Z',
    'the Monday after the November change',
  );
  t.equal(newYorkOffsetHours(Date.parse('2026-03-08T06:59:59Z')), -5);
  t.equal(newYorkOffsetHours(Date.parse('2026-03-08T07:00:00Z')), -4);
  t.equal(newYorkOffsetHours(Date.parse('2026-11-01T05:59:59Z')), -4);
  t.equal(newYorkOffsetHours(Date.parse('2026-11-01T06:00:00Z')), -5);
});

t.test('every hour from 2020 to 2031 agrees with the time zone database', async (t) => {
  let bad = 0;
  for (let ms = Date.UTC(2020, 0, 1); ms < Date.UTC(2031, 0, 1); ms += HOUR) {
    if (wall(ms) !== intl(ms) && bad++ < 5) t.fail(`${new Date(ms).toISOString()}: ${wall(ms)} vs ${intl(ms)}`);
  }
  t.equal(bad, 0);
});

t.test(
  'before 2007 (summer time from the first Sunday of April to the last of October) too, 1990 to 2006',
  async (t) => {
    t.equal(
      new Date(newYorkTime(day('2006-04-03'), 9, 30)).toISOString(),
      '2006-04-03T13:30:00.000Z',
      'the Monday after the April change',
    );
    t.equal(
      new Date(newYorkTime(day('2006-03-31'), 9, 30)).toISOString(),
      '2006-03-31T14:30:00.000Z',
      'the Friday before it',
    );
    t.equal(
      new Date(newYorkTime(day('2006-10-30'), 9, 30)).toISOString(),
      '2006-10-30T14:30:00.000Z',
      'the Monday after the October change',
    );
    let bad = 0;
    // Every hour of the months the changes fall in, then noon and 16:00 of every day.
    for (let year = 1990; year < 2007; year++) {
      for (const month of [2, 3, 9, 10]) {
        for (let ms = Date.UTC(year, month, 1); ms < Date.UTC(year, month + 1, 1); ms += HOUR) {
          if (wall(ms) !== intl(ms) && bad++ < 5) t.fail(`${new Date(ms).toISOString()}: ${wall(ms)} vs ${intl(ms)}`);
        }
      }
    }
    for (let d = Date.UTC(1990, 0, 1); d < Date.UTC(2007, 0, 1); d += DAY) {
      for (const h of [12, 16]) {
        const expected = `${new Date(d).toISOString().slice(0, 10)} ${h}:00`;
        if (intl(newYorkTime(d, h)) !== expected && bad++ < 5) t.fail(`${expected}: ${intl(newYorkTime(d, h))}`);
      }
    }
    t.equal(bad, 0);
  },
);

t.test('release times on every day from 2020 to 2031 read back as the same wall clock', async (t) => {
  let bad = 0;
  for (let d = Date.UTC(2020, 0, 1); d < Date.UTC(2031, 0, 1); d += DAY) {
    for (const [h, m] of [
      [6, 45],
      [8, 30],
      [14, 0],
      [16, 5],
    ] as const) {
      const at = newYorkTime(d, h, m);
      const expected = `${new Date(d).toISOString().slice(0, 10)} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      if (intl(at) !== expected && bad++ < 5) t.fail(`${expected}: ${intl(at)}`);
    }
  }
  t.equal(bad, 0);
});
