// The demo's release schedule on known dates: New York times across daylight saving, holidays avoided, and the real
// schedule's shifts.
import t from 'tap';
import { claimsReleases, cpiRelease, earningsRelease, payrollsRelease } from '../../../core/demo/schedule.js';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

t.test(
  'jobless claims: Thursdays at 08:30 New York, the Wednesday before on Thanksgiving, Christmas and July 4',
  async (t) => {
    const nov = claimsReleases(Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)).map(iso);
    t.same(
      nov,
      ['2026-11-05T13:30', '2026-11-12T13:30', '2026-11-19T13:30', '2026-11-25T13:30'],
      'Thanksgiving week on Wednesday, in winter time',
    );
    t.same(
      claimsReleases(Date.UTC(2025, 11, 22), Date.UTC(2026, 0, 3)).map(iso),
      ['2025-12-24T13:30', '2025-12-31T13:30'],
      'Christmas and New Year on Thursdays',
    );
    t.same(
      claimsReleases(Date.UTC(2024, 6, 1), Date.UTC(2024, 6, 8)).map(iso),
      ['2024-07-03T12:30'],
      'Independence Day 2024, in summer time',
    );
    t.same(
      claimsReleases(Date.UTC(2025, 5, 16), Date.UTC(2025, 5, 21)).map(iso),
      ['2025-06-18T12:30'],
      'Juneteenth 2025',
    );
  },
);

t.test(
  'payrolls: the first Friday, the Thursday before a holiday Friday, the next Friday when that Thursday is last month',
  async (t) => {
    t.equal(iso(payrollsRelease(2026, 1)), '2026-02-06T13:30');
    t.equal(iso(payrollsRelease(2026, 6)), '2026-07-02T12:30', 'Friday July 3, 2026 is Independence Day observed');
    t.equal(iso(payrollsRelease(2027, 0)), '2027-01-08T13:30', 'Friday January 1, 2027');
    t.equal(iso(payrollsRelease(2026, 3)), '2026-04-02T12:30', 'Good Friday, April 3, 2026: no market');
  },
);

t.test('CPI and earnings', async (t) => {
  t.equal(iso(cpiRelease(2026, 9, 12)), '2026-10-13T12:30', 'Columbus Day, Monday October 12, moves it to Tuesday');
  t.equal(iso(cpiRelease(2026, 2, 10)), '2026-03-10T12:30', 'after the March change to summer time');
  t.equal(
    iso(earningsRelease(Date.UTC(2026, 10, 26), 'after-close')),
    '2026-11-30T21:05',
    'not on Thanksgiving nor after the early close of the day after: Monday, after the close',
  );
  t.equal(
    iso(earningsRelease(Date.UTC(2026, 10, 27), 'before-open')),
    '2026-11-27T11:45',
    'before the open of an early-close day',
  );
  t.equal(
    iso(earningsRelease(Date.UTC(2026, 3, 3), 'before-open')),
    '2026-04-06T10:45',
    'not on Good Friday or the weekend: Monday before the open',
  );
});
