// The `from`/`to` values: which calendar dates and timestamps exist, and how each is read.

import fc from 'fast-check';
import t from 'tap';
import { parseDay, parseInstant, parseWindow } from '../../core/time.js';

const iso = (v: string) => {
  const p = parseInstant(v);
  return p && new Date(p.ms).toISOString();
};

t.test('dates that do not exist are refused in both forms, not rolled over', async (t) => {
  for (const v of [
    '2026-02-30',
    '2026-02-30T00:00',
    '2026-02-29T12:00Z',
    '2026-13-01',
    '2026-00-10T00:00',
    '2026-11-20T25:00',
    'yesterday',
    '',
  ])
    t.equal(parseInstant(v), null, v);
  t.equal(iso('2024-02-29'), '2024-02-29T00:00:00.000Z', 'a leap day');
});

t.test('the years 0–99 are themselves, not 1900–1999', async (t) => {
  t.equal(iso('0001-01-01'), '0001-01-01T00:00:00.000Z');
  t.equal(iso('0050-06-01T00:00Z'), '0050-06-01T00:00:00.000Z');
});

t.test('timestamps: UTC without an offset, and a space for the + of an unencoded offset', async (t) => {
  t.equal(iso('2026-11-20 13:00'), '2026-11-20T13:00:00.000Z');
  t.equal(iso('2026-11-20T13:00:00+01:00'), '2026-11-20T12:00:00.000Z');
  t.equal(iso('2026-11-20T13:00:00 01:00'), '2026-11-20T12:00:00.000Z');
  t.equal(iso('2026-11-20T13:00:00.5 0130'), '2026-11-20T11:30:00.500Z');
  t.equal(iso('2026-11-20T13:00:00-05:00'), '2026-11-20T18:00:00.000Z');
});

t.test('a date as `to` covers its whole day; a timestamp is included', async (t) => {
  const w = parseWindow({ from: '2026-11-20', to: '2026-11-20' });
  t.same([w.fromMs, w.toMs, w.problems], [Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 21), []]);
  t.equal(parseWindow({ to: '2026-11-20T10:00Z' }).toMs, Date.UTC(2026, 10, 20, 10) + 1);
  t.same(parseWindow({ from: '2026-02-30' }).problems, [
    { in: 'query', param: 'from', message: 'is not a valid date' },
  ]);
});

t.test(
  'parseDay agrees with parseInstant on every date-shaped text, leap days and impossible dates included',
  async (t) => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          if (parseDay(text) !== (parseInstant(text)?.ms ?? null)) throw new Error(text);
        },
      ),
      { numRuns: 2000 },
    );
    t.same(['2024-02-29', '2100-02-29', '2000-02-29', '1600-01-01', '9999-12-31'].map(parseDay), [
      Date.UTC(2024, 1, 29),
      null,
      Date.UTC(2000, 1, 29),
      Date.UTC(1600, 0, 1),
      Date.UTC(9999, 11, 31),
    ]);
    t.same(['2026-1-01', '2026-01-01T00:00', ' 2026-01-1', '2026/01/01', '20260101'].map(parseDay), [
      null,
      null,
      null,
      null,
      null,
    ]);
  },
);
