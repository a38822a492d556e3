// Eastern wall-clock times to instants, across both sets of US daylight-saving rules.
import t from 'tap';
import { easternToEpochMs } from '../../../../core/sources/sec/eastern-time.js';

const at = (y: number, mo: number, d: number, h: number, mi = 0) =>
  new Date(easternToEpochMs(y, mo, d, h, mi, 0)).toISOString().slice(0, 16);

t.test('standard time is UTC-5, daylight time UTC-4, switching at 2:00 on the rules of each era', async (t) => {
  t.equal(at(2026, 1, 30, 6, 1), '2026-01-30T11:01');
  t.equal(at(2025, 7, 31, 16, 30), '2025-07-31T20:30');
  // 2025: second Sunday of March (the 9th) to first Sunday of November (the 2nd).
  t.equal(at(2025, 3, 9, 1), '2025-03-09T06:00');
  t.equal(at(2025, 3, 9, 3), '2025-03-09T07:00');
  t.equal(at(2025, 11, 2, 0), '2025-11-02T04:00');
  t.equal(at(2025, 11, 2, 2), '2025-11-02T07:00');
  // Before 2007: first Sunday of April to last Sunday of October (2006: the 2nd and the 29th).
  t.equal(at(2006, 4, 1, 12), '2006-04-01T17:00');
  t.equal(at(2006, 4, 2, 12), '2006-04-02T16:00');
  t.equal(at(2006, 10, 28, 12), '2006-10-28T16:00');
  t.equal(at(2006, 10, 29, 12), '2006-10-29T17:00');
  t.equal(at(2006, 3, 15, 12), '2006-03-15T17:00', 'mid-March 2006 was still standard time');
});
