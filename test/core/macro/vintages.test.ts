// Vintages: the first print is never replaced by a revision, the latest value and "revised" say both, and an as-of
// answer never shows a value published after its day. Against a direct computation on random vintages, and on FRED
// payloads read by the parser.

import fc from 'fast-check';
import t from 'tap';
import { asOf, vintagesByDate } from '../../../core/macro/vintages.js';
import { parseFredPayload } from '../../../core/sources/fred/index.js';
import type { ObservationRecord } from '../../../core/sources/macro-records.js';
import { fixture } from '../../../harness/realdata.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const DAY = 86_400_000;
const obs = (date: string, value: number | null, start: string | null, seriesId = 'CPIAUCSL'): ObservationRecord => ({
  source: 'fred',
  seriesId,
  date: day(date),
  value,
  realtimeStart: start === null ? null : day(start),
  realtimeEnd: null,
});

t.test('a revised value keeps the first print; the answer says both', async (t) => {
  const got = vintagesByDate([
    obs('2026-01-01', 326.1, '2026-02-11'),
    obs('2026-01-01', 326.588, '2026-03-11'),
    obs('2026-02-01', 327.46, '2026-03-11'),
    obs('2025-12-01', 326.031, '2026-01-13'),
  ]);
  t.same(
    got.map((v) => [
      new Date(v.date).toISOString().slice(0, 10),
      v.firstPrint?.value,
      v.latest.value,
      v.revised,
      v.vintages,
    ]),
    [
      ['2025-12-01', 326.031, 326.031, false, 1],
      ['2026-01-01', 326.1, 326.588, true, 2],
      ['2026-02-01', 327.46, 327.46, false, 1],
    ],
  );
  t.same(got[1]!.firstPrint, { value: 326.1, realtimeStart: day('2026-02-11') });
});

t.test('a first vintage that was missing: the first print is the first published value', async (t) => {
  const [v] = vintagesByDate([obs('2025-10-01', null, '2025-11-13'), obs('2025-10-01', 324.8, '2026-01-13')]);
  t.same(v!.firstPrint, { value: 324.8, realtimeStart: day('2026-01-13') });
  t.same([v!.revised, v!.vintages], [false, 2]);
  const [never] = vintagesByDate([obs('2025-10-01', null, '2025-11-13')]);
  t.same([never!.firstPrint, never!.latest.value, never!.revised], [null, null, false], 'never published');
});

t.test('a value of unknown vintage counts only where no dated vintage is held, and never as of a day', async (t) => {
  const rows = [obs('2026-01-01', 1, null), obs('2026-01-01', 2, '2026-02-11'), obs('2026-02-01', 5, null)];
  t.same(
    vintagesByDate(rows).map((v) => [v.firstPrint?.value, v.latest.value, v.vintages]),
    [
      [2, 2, 1],
      [5, 5, 1],
    ],
  );
  t.same(
    asOf(rows, day('2030-01-01')).map((o) => o.value),
    [2],
  );
});

t.test('one vintage read twice: the record given last is kept, once', async (t) => {
  const [v] = vintagesByDate([obs('2026-01-01', 1, '2026-02-11'), obs('2026-01-01', 1.5, '2026-02-11')]);
  t.same([v!.firstPrint?.value, v!.vintages], [1.5, 1]);
});

t.test('series are kept apart, ordered by series then date', async (t) => {
  const got = vintagesByDate([
    obs('2026-01-01', 4.4, '2026-02-06', 'UNRATE'),
    obs('2026-01-01', 326.6, '2026-02-11'),
    obs('2025-12-01', 4.5, '2026-01-09', 'UNRATE'),
  ]);
  t.same(
    got.map((v) => [v.seriesId, v.latest.value]),
    [
      ['CPIAUCSL', 326.6],
      ['UNRATE', 4.5],
      ['UNRATE', 4.4],
    ],
  );
});

/** Random vintages of a few dates of one series: distinct start days per date, in any order. */
const vintageSets = fc
  .array(
    fc.record({
      date: fc.integer({ min: 0, max: 5 }),
      starts: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 5 }),
      values: fc.array(fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }), { minLength: 5, maxLength: 5 }),
    }),
    { maxLength: 6 },
  )
  .map((sets) => {
    const rows: ObservationRecord[] = [];
    const seen = new Set<number>();
    for (const s of sets) {
      if (seen.has(s.date)) continue;
      seen.add(s.date);
      s.starts.forEach((start, k) =>
        rows.push({
          source: 'fred',
          seriesId: 'X',
          date: s.date * 31 * DAY,
          value: s.values[k]!,
          realtimeStart: start * DAY,
          realtimeEnd: null,
        }),
      );
    }
    return rows;
  });

t.test('against a direct computation: first print, latest, revised; as-of never looks ahead', async (t) => {
  fc.assert(
    fc.property(vintageSets, fc.integer({ min: -1, max: 61 }), (rows, asOfDay) => {
      const byDate = new Map<number, ObservationRecord[]>();
      for (const o of rows)
        byDate.set(
          o.date,
          [...(byDate.get(o.date) ?? []), o].sort((a, b) => a.realtimeStart! - b.realtimeStart!),
        );
      const got = vintagesByDate([...rows].reverse());
      if (got.length !== byDate.size) throw new Error('one answer per date');
      for (const v of got) {
        const vintages = byDate.get(v.date)!;
        const first = vintages.find((o) => o.value !== null);
        const last = vintages.at(-1)!;
        if ((v.firstPrint?.value ?? null) !== (first?.value ?? null) || v.latest.value !== last.value)
          throw new Error('first or latest');
        if (v.revised !== (first !== undefined && first.value !== last.value)) throw new Error('revised');
      }
      const known = asOf(rows, asOfDay * DAY);
      for (const o of known) {
        if (o.realtimeStart! > asOfDay * DAY) throw new Error('look-ahead');
        const later = byDate
          .get(o.date)!
          .filter((x) => x.realtimeStart! > o.realtimeStart! && x.realtimeStart! <= asOfDay * DAY);
        if (later.length) throw new Error('a newer vintage known that day was passed over');
      }
      const expected = [...byDate.values()].filter((v) => v[0]!.realtimeStart! <= asOfDay * DAY).length;
      if (known.length !== expected) throw new Error('every date published by then, and only those');
    }),
    { numRuns: 500 },
  );
  t.pass('500 random vintage sets');
});

t.test('ALFRED observations read by the FRED parser: revisions kept, and the series as known on a day', async (t) => {
  const text = fixture('fred/alfred_GDPC1_vintages.json');
  const { observations } = parseFredPayload(text, { seriesId: 'GDPC1' });
  const summary = vintagesByDate(observations);
  t.same(
    summary.map((v) => [
      new Date(v.date).toISOString().slice(0, 10),
      v.firstPrint?.value,
      v.latest.value,
      v.revised,
      v.vintages,
    ]),
    [
      ['2025-01-01', 23501.4, 23470.9, true, 3],
      ['2025-04-01', 23705.6, 23705.6, false, 2],
      ['2025-07-01', 23912, 23912, false, 1],
    ],
  );
  t.same(
    asOf(observations, day('2025-06-01')).map((o) => [new Date(o.date).toISOString().slice(0, 10), o.value]),
    [['2025-01-01', 23488.2]],
    'before Q2 was published',
  );
  t.same(
    asOf(observations, day('2025-08-01')).map((o) => o.value),
    [23470.9, null],
    'Q2 first published as missing',
  );
});
