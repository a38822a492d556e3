// The demo's macro world against the real calendars and its own numbers, as of several loads (a weekend, the day a
// new target range takes effect, the day after Thanksgiving, New Year's Day): rate decisions on the Fed's published
// dates or its pattern's Wednesdays, the upper bound stepping only on effective days, no series computed from others
// dated past them on any day, and each release's consensus near its recent prints with headlines that agree with it.
import t from 'tap';
import { isReleaseDay } from '../../../core/calendar/us-holidays.js';
import { demoHistoryStart } from '../../../core/demo/history.js';
import { demoFred } from '../../../core/demo/macro/fred.js';
import { demoWorld } from '../../../core/demo/world.js';
import { asOf } from '../../../core/macro/vintages.js';
import { parseFredPayload } from '../../../core/sources/fred/index.js';
import type { ObservationRecord } from '../../../core/sources/macro-records.js';
import { FOMC_PUBLISHED } from '../../helpers/fomc-published.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOf = (ms: number) => ms - (ms % DAY);
const ANCHORS = [
  Date.UTC(2026, 10, 22, 9, 30),
  Date.UTC(2026, 11, 10, 15),
  Date.UTC(2026, 10, 27, 14),
  Date.UTC(2027, 0, 1, 12),
];
const PUBLISHED = new Set(FOMC_PUBLISHED);
/** The months a pattern meeting may fall in (0-11), and the series each derived series is computed from. */
const MEETING_MONTHS = [0, 2, 3, 4, 5, 6, 8, 9, 11];
const DERIVED: Record<string, string[]> = {
  T10Y2Y: ['DGS2', 'DGS10'],
  VIXCLS: ['SP500'],
  BAMLH0A0HYM2: ['VIXCLS'],
  FEDFUNDS: ['DFEDTARU'],
  CPILFESL: ['CPIAUCSL'],
  PCEPI: ['CPIAUCSL'],
  PCEPILFE: ['CPILFESL'],
};
const MONTHLY = new Set(['FEDFUNDS', 'CPIAUCSL', 'CPILFESL', 'PCEPI', 'PCEPILFE']);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

for (const anchor of ANCHORS) {
  const world = demoWorld(7, anchor);
  const start = demoHistoryStart(anchor);
  const fred = demoFred(world, 7, start, anchor);
  const series = new Map<string, ObservationRecord[]>(
    fred.observations.map((o) => [
      o.seriesId,
      parseFredPayload(JSON.stringify(o.payload), { seriesId: o.seriesId }).observations,
    ]),
  );
  const { decisions } = world.path.model.policy;
  const label = `as of ${new Date(anchor).toISOString()}`;

  t.test(`${label}: rate decisions on the Fed's calendar`, async (t) => {
    t.ok(decisions.length >= 16, `${decisions.length} decisions on the policy path`);
    const off = decisions.filter((d) => {
      const day = dayOf(d.at);
      const year = new Date(day).getUTCFullYear();
      if (year <= 2027) return !PUBLISHED.has(iso(day));
      return (
        new Date(day).getUTCDay() !== 3 ||
        !isReleaseDay(day) ||
        !isReleaseDay(day - DAY) ||
        !MEETING_MONTHS.includes(new Date(day).getUTCMonth())
      );
    });
    t.same(
      off.map((d) => iso(d.at)),
      [],
      'on a published date to 2027, then on a working Wednesday of a meeting month',
    );
    const close = decisions.flatMap((d, k) =>
      k > 0 && d.at - decisions[k - 1]!.at < 35 * DAY ? [`${iso(decisions[k - 1]!.at)} and ${iso(d.at)}`] : [],
    );
    t.same(close, [], 'no two meetings within five weeks');
    const seen = world.story.catalysts.filter((c) => c.kind === 'policy_decision').map((c) => c.expectedAt);
    t.same(
      seen,
      decisions.filter((d) => d.at >= start && d.at < anchor + 90 * DAY).map((d) => d.at),
      "the story's FOMC catalysts are the path's meetings",
    );
  });

  t.test(`${label}: the upper bound steps only on the day after a decision, by its change`, async (t) => {
    const upper = asOf(series.get('DFEDTARU')!, dayOf(anchor));
    t.equal(iso(upper.at(-1)!.date), iso(dayOf(anchor)), 'daily to the day of the load');
    const byEffectiveDay = new Map(decisions.map((d) => [dayOf(d.at) + DAY, d]));
    const wrong: string[] = [];
    for (let k = 1; k < upper.length; k++) {
      const step = upper[k]!.value! - upper[k - 1]!.value!;
      const d = byEffectiveDay.get(upper[k]!.date);
      if (step !== (d?.change ?? 0))
        wrong.push(`${iso(upper[k]!.date)}: ${step} (decision of the day before: ${d ? d.change : 'none'})`);
    }
    t.same(wrong, [], "every step on an effective day, every effective day the decision's change");
  });

  t.test(`${label}: no derived series dated past its inputs, on any day of the last two months`, async (t) => {
    const lastDay = (id: string, day: number) => {
      const last = asOf(series.get(id)!, day).at(-1)?.date ?? -Infinity;
      // A monthly value covers its month: it is dated to its month's last day.
      return MONTHLY.has(id) ? Date.UTC(new Date(last).getUTCFullYear(), new Date(last).getUTCMonth() + 1, 0) : last;
    };
    const past: string[] = [];
    for (let day = dayOf(anchor) - 60 * DAY; day <= dayOf(anchor); day += DAY) {
      for (const [id, inputs] of Object.entries(DERIVED)) {
        for (const input of inputs)
          if (lastDay(id, day) > lastDay(input, day))
            past.push(`${iso(day)}: ${id} to ${iso(lastDay(id, day))}, ${input} to ${iso(lastDay(input, day))}`);
      }
    }
    t.same(past, []);
    const curve = asOf(series.get('T10Y2Y')!, dayOf(anchor)).at(-1)!.date;
    t.equal(
      iso(curve),
      iso(
        Math.min(
          asOf(series.get('DGS2')!, dayOf(anchor)).at(-1)!.date,
          asOf(series.get('DGS10')!, dayOf(anchor)).at(-1)!.date,
        ),
      ),
      'the curve ends where the yields end',
    );
  });

  t.test(`${label}: each release's consensus near its recent prints; headlines agree with it`, async (t) => {
    const BANDS = [
      { series: 'us-cpi', prints: 6, band: 0.1 },
      { series: 'us-payrolls', prints: 6, band: 40 },
      { series: 'us-jobless-claims', prints: 4, band: 10 },
    ] as const;
    for (const { series: s, prints: n, band } of BANDS) {
      const prints = world.prints.filter((p) => p.series === s);
      const far = prints.flatMap((p, k) => {
        if (k < n) return [];
        const mid = median(prints.slice(k - n, k).map((q) => q.value));
        return Math.abs(p.expected - mid) > band + 1e-9
          ? [`${iso(p.period)}: ${p.expected} against a median of ${mid}`]
          : [];
      });
      t.same(
        far,
        [],
        `${s}: the consensus within ${band} of the median of the last ${n} prints (${prints.length} releases)`,
      );
    }
    const wrong = world.story.events
      .filter((e) => e.kind === 'macro_release' && e.headline.startsWith('US consumer prices'))
      .flatMap((e) => {
        const print = world.prints.find((p) => p.series === 'us-cpi' && p.releasedAt === e.occurredAt)!;
        const word = print.value > print.expected ? 'above' : print.value < print.expected ? 'below' : 'in line with';
        return e.headline.includes(`, ${word} the ${print.expected.toFixed(1)}% expected`)
          ? []
          : [`${iso(print.period)}: ${e.headline}`];
      });
    t.same(wrong, [], 'every CPI headline calls its print above, below or in line with its consensus');
  });
}
