// Day numbers against the Date object, which is the reference here (it is only avoided in core for speed).

import fc from 'fast-check';
import t from 'tap';
import { civilFromDay, dayFromCivil, isoDay, parseDay } from '../../core/days.js';

t.test('a day number is the date in UTC days since 1970-01-01, both ways', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: -800_000, max: 2_900_000 }), (n) => {
      const iso = new Date(n * 86_400_000).toISOString().slice(0, 10);
      if (iso.startsWith('-') || iso.startsWith('+')) return;
      if (isoDay(n) !== iso) throw new Error(`isoDay(${n}) = ${isoDay(n)}, want ${iso}`);
      if (parseDay(iso) !== n) throw new Error(`parseDay(${iso}) = ${parseDay(iso)}, want ${n}`);
      const { year, month, day } = civilFromDay(n);
      if (dayFromCivil(year, month, day) !== n) throw new Error(`round trip of ${n}`);
    }),
  );
  t.equal(parseDay('1970-01-01'), 0);
  t.equal(parseDay('2024-02-29'), dayFromCivil(2024, 2, 29));
});

t.test('what is not a calendar date is null', async (t) => {
  for (const bad of [
    '2026-02-30',
    '2023-02-29',
    '2100-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-1-01',
    '20260101',
    '2026-01-01T00:00',
    ' 2026-01-01',
    '',
  ]) {
    t.equal(parseDay(bad), null, bad);
  }
  t.equal(parseDay('2000-02-29'), dayFromCivil(2000, 2, 29), 'a 400th year is a leap year');
});
