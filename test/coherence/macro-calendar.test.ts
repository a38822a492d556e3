// An analyst's check of the demo's macro world against the real calendars, over the HTTP answers of one demo server:
// FOMC decisions on the Fed's published dates (the pattern beyond them), the upper bound stepping only when a new range
// takes effect and by the decision's size, releases on working days at their agencies' New York times, series computed
// from others never dated past them, and CPI consensus near the prints a survey has seen. The Fed's dates and the
// release times are written out here as the real world, apart from core/calendar, which is what is being checked.
// Each check names the dates or ids it finds at fault.
import t from 'tap';
import { DEMO_READER, sharedServer } from '../../harness/shared-server.js';
import { FOMC_PUBLISHED } from '../helpers/fomc-published.js';

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The published decision days; past the last of them only the pattern is checked. */
const PUBLISHED = new Set(FOMC_PUBLISHED);
const PUBLISHED_THROUGH = FOMC_PUBLISHED.at(-1)!;

/** Each release's time of day in New York, as its agency publishes it (BLS, DOL: 08:30; the FOMC statement: 14:00). */
const USUAL_TIME: Record<string, string> = {
  'us-cpi': '08:30',
  'us-payrolls': '08:30',
  'us-jobless-claims': '08:30',
  'fed-funds-rate': '14:00',
};

/** FRED's computed series and what each is computed from (T10Y2Y is DGS10 - DGS2; the demo derives the rest as named). */
const DERIVED: Record<string, string[]> = {
  T10Y2Y: ['DGS2', 'DGS10'],
  VIXCLS: ['SP500'],
  BAMLH0A0HYM2: ['VIXCLS'],
  FEDFUNDS: ['DFEDTARU'],
  CPILFESL: ['CPIAUCSL'],
  PCEPI: ['CPIAUCSL'],
  PCEPILFE: ['CPILFESL'],
};

/** How far from its recent prints a CPI consensus may be: surveys lean at most 0.1 point from the prints' median, which lies
 * within their range (core/demo/story/consensus.ts holds the demo to the same; this is the looser analyst's view). */
const CPI_PRINTS = 6;
const CPI_BAND = 0.1;

interface Entity {
  type: string;
  key: string;
}
interface EventOut {
  id: number;
  kind: string;
  occurredAt: string;
  headline: string;
  entities: Entity[];
}
interface CatalystOut {
  id: number;
  kind: string;
  title: string;
  expectedAt: string;
  consensus: string | null;
  outcomeEventId: number | null;
  entities: Entity[];
}
interface Series {
  slug: string;
  sourceId: string;
  frequency: string;
}
interface Observation {
  date: string;
  value: number | null;
}

const json = async <T>(path: string): Promise<T> => {
  const res = await server.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
async function walk<T>(path: string, limit: number): Promise<T[]> {
  const out: T[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: { data: T[]; page: { nextOffset: number | null } } = await json(
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`,
    );
    out.push(...page.data);
    offset = page.page.nextOffset;
  }
  return out;
}

/** An instant's New York date, weekday and time, by the time zone database rather than the service's own calendar. */
const NY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function newYork(at: string): { date: string; weekday: string; time: string } {
  const p = Object.fromEntries(NY.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, weekday: p.weekday!, time: `${p.hour}:${p.minute}` };
}

const stories = await walk<EventOut>('/v1/events?kind=macro_release,policy_decision&from=2000-01-01', 100);
const catalysts = await walk<CatalystOut>('/v1/catalysts?kind=macro_release,policy_decision&from=2000-01-01', 200);
const catalogue = (await json<{ data: Series[] }>('/v1/macro')).data;
const bySource = new Map(catalogue.map((s) => [s.sourceId, s]));
const observations = async (sourceId: string): Promise<Observation[]> => {
  const s = bySource.get(sourceId);
  if (!s) throw new Error(`no series ${sourceId} in /v1/macro`);
  return (await json<{ data: { observations: Observation[] } }>(`/v1/macro/${s.slug}`)).data.observations.filter(
    (o) => o.value !== null,
  );
};
const macroKey = (entities: Entity[]) => entities.find((e) => e.type === 'macro')?.key ?? '(none)';
// The service dates its days in UTC (a daily value covers a UTC day), so "today" is the server clock's UTC date.
const today = (await json<{ data: { at: string } }>('/v1/market/status')).data.at.slice(0, 10);

t.test("FOMC decisions on the Fed's published dates, then on its pattern; at most eight a year", async (t) => {
  const decisions = [
    ...catalysts
      .filter((c) => c.kind === 'policy_decision')
      .map((c) => ({ what: `catalyst ${c.id}`, date: newYork(c.expectedAt).date })),
    ...stories
      .filter((e) => e.kind === 'policy_decision')
      .map((e) => ({ what: `event ${e.id}`, date: newYork(e.occurredAt).date })),
  ];
  const days = [...new Set(decisions.map((d) => d.date))].sort();
  t.ok(
    decisions.length >= 20 && days.length >= 16,
    `${decisions.length} decisions (catalysts and stories) on ${days.length} days, ${days[0]} to ${days.at(-1)}`,
  );

  const offPublished = decisions
    .filter((d) => d.date <= PUBLISHED_THROUGH && !PUBLISHED.has(d.date))
    .map((d) => `${d.what} on ${d.date}`);
  t.same(offPublished, [], `${offPublished.length} decisions to ${PUBLISHED_THROUGH} off the published dates`);

  // ISO dates sort as text: the earlier of the span's last decision and the last published one.
  const until = [days.at(-1)!, PUBLISHED_THROUGH].sort()[0]!;
  const missing = [...PUBLISHED].filter((d) => d >= days[0]! && d <= until && !days.includes(d));
  t.same(missing, [], `${missing.length} published meetings within the demo's span without a decision`);

  // Beyond the published schedules, the pattern every recent year has kept: a Wednesday, 5 to 8 weeks after the last
  // meeting, never in the week after Christmas.
  const offPattern = days.flatMap((d, k) => {
    if (d <= PUBLISHED_THROUGH) return [];
    const ms = Date.parse(d);
    const gap = k > 0 ? (ms - Date.parse(days[k - 1]!)) / DAY : 42;
    const why = [
      new Date(ms).getUTCDay() !== 3 && 'not a Wednesday',
      (gap < 35 || gap > 56) && `${gap} days after ${days[k - 1]}`,
      d.slice(5) >= '12-25' && 'in the last week of December',
    ].filter(Boolean);
    return why.length ? [`${d}: ${why.join(', ')}`] : [];
  });
  t.same(offPattern, [], `${offPattern.length} decisions past ${PUBLISHED_THROUGH} off the usual pattern`);

  const perYear = new Map<string, number>();
  for (const d of days) perYear.set(d.slice(0, 4), (perYear.get(d.slice(0, 4)) ?? 0) + 1);
  const crowded = [...perYear]
    .filter(([, n]) => n > 8)
    .map(([year, n]) => `${year}: ${n} decisions (${days.filter((d) => d.startsWith(year)).join(', ')})`);
  t.same(crowded, [], 'at most eight decisions a year');
});

t.test("the upper bound steps only on the day after a decision, to the decision's range", async (t) => {
  const upper = await observations('DFEDTARU');
  /** Each decision story's new upper bound ("holds rates at 3.75-4.00%"), by the day it takes effect. */
  const byEffective = new Map<string, { id: number; upper: number; headline: string }>();
  const unread: number[] = [];
  for (const e of stories.filter((s) => s.kind === 'policy_decision')) {
    const range = /(\d+\.\d+)-(\d+\.\d+)%/.exec(e.headline);
    if (!range) unread.push(e.id);
    else
      byEffective.set(iso(Date.parse(newYork(e.occurredAt).date) + DAY), {
        id: e.id,
        upper: Number(range[2]),
        headline: e.headline,
      });
  }
  t.same(unread, [], 'every decision story states the new range');

  const wrong: string[] = [];
  let effectiveSeen = 0;
  for (let k = 1; k < upper.length; k++) {
    const prev = upper[k - 1]!;
    const o = upper[k]!;
    if (Date.parse(o.date) - Date.parse(prev.date) !== DAY)
      wrong.push(`${prev.date} to ${o.date}: a gap in a daily series`);
    const step = Number((o.value! - prev.value!).toFixed(4));
    const decision = byEffective.get(o.date);
    if (decision) effectiveSeen++;
    const expected = decision ? Number((decision.upper - prev.value!).toFixed(4)) : 0;
    if (step !== expected)
      wrong.push(
        `${o.date}: steps ${step} from ${prev.value} (${decision ? `event ${decision.id} the day before: "${decision.headline}"` : 'no decision the day before'})`,
      );
  }
  const inSpan = [...byEffective.keys()].filter((d) => d > upper[0]!.date && d <= upper.at(-1)!.date).length;
  t.ok(
    upper.length >= 300,
    `${upper.length} daily observations of the upper bound, ${upper[0]?.date} to ${upper.at(-1)?.date}`,
  );
  t.equal(effectiveSeen, inSpan, `${effectiveSeen} of ${inSpan} decisions' effective days in the series`);
  t.same(wrong, [], `${wrong.length} days where the upper bound moves otherwise`);
});

/** Federal holidays on which NYSE trades (Columbus Day, Veterans Day): the agencies are closed, so are their releases. */
function federalOnly(year: number): Map<string, string> {
  const oct1 = Date.UTC(year, 9, 1);
  const columbus = oct1 + (((1 - new Date(oct1).getUTCDay() + 7) % 7) + 7) * DAY;
  const nov11 = Date.UTC(year, 10, 11);
  const dow = new Date(nov11).getUTCDay();
  const veterans = nov11 + (dow === 6 ? -DAY : dow === 0 ? DAY : 0);
  return new Map([
    [iso(columbus), 'Columbus Day'],
    [iso(veterans), 'Veterans Day'],
  ]);
}

t.test("releases and decisions on working days, at their agencies' New York times", async (t) => {
  const items = [
    ...catalysts.map((c) => ({
      what: `catalyst ${c.id} (${c.title})`,
      at: c.expectedAt,
      release: macroKey(c.entities),
    })),
    ...stories.map((e) => ({ what: `event ${e.id} (${e.headline})`, at: e.occurredAt, release: macroKey(e.entities) })),
  ];
  const closed = new Map<string, string | null>();
  for (const date of new Set(items.map((i) => newYork(i.at).date))) {
    const why = (await json<{ data: { today: { closed: string | null } } }>(`/v1/market/status?at=${date}`)).data.today
      .closed;
    closed.set(date, why ?? federalOnly(Number(date.slice(0, 4))).get(date) ?? null);
  }
  const wrongDay: string[] = [];
  const wrongTime: string[] = [];
  for (const i of items) {
    const ny = newYork(i.at);
    const why = closed.get(ny.date);
    // The agencies work on Good Friday (BLS has released payrolls on it) though the exchange is shut.
    if (why && why !== 'Good Friday') wrongDay.push(`${i.what} on ${ny.weekday} ${ny.date}: ${why}`);
    const usual = USUAL_TIME[i.release];
    if (ny.time !== usual)
      wrongTime.push(`${i.what} at ${ny.time} New York, usually ${usual ?? `unknown for ${i.release}`}`);
  }
  const days = closed.size;
  t.ok(
    items.length >= 300,
    `${catalysts.length} release and decision catalysts, ${stories.length} stories, on ${days} days`,
  );
  t.same(wrongDay, [], `${wrongDay.length} on a weekend or holiday`);
  t.same(wrongTime, [], `${wrongTime.length} off their release time`);
});

t.test('series computed from others end where their inputs end, never past them or today', async (t) => {
  const series = new Map<string, Observation[]>();
  for (const s of catalogue) series.set(s.sourceId, await observations(s.sourceId));
  const frequency = new Map(catalogue.map((s) => [s.sourceId, s.frequency]));
  /** The last day a series covers: a month's value covers the month. */
  const covers = (id: string) => {
    const last = series.get(id)!.at(-1)!.date;
    if (frequency.get(id) !== 'monthly') return last;
    const d = new Date(last);
    return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  };
  const wrong: string[] = [];
  let pairs = 0;
  for (const [id, inputs] of Object.entries(DERIVED)) {
    if (!series.has(id)) continue;
    for (const input of inputs) {
      if (!series.has(input)) continue;
      pairs++;
      if (covers(id) > covers(input))
        wrong.push(`${id} (${bySource.get(id)!.slug}) to ${covers(id)}, past its input ${input} to ${covers(input)}`);
    }
    const daily = frequency.get(id) === 'daily' && inputs.every((i) => frequency.get(i) === 'daily');
    const end = inputs.map(covers).sort()[0];
    if (daily && end && covers(id) !== end)
      wrong.push(
        `${id} (${bySource.get(id)!.slug}) ends ${covers(id)}, its inputs ${inputs.map((i) => `${i} ${covers(i)}`).join(', ')}`,
      );
  }
  t.ok(pairs >= 5, `${pairs} derived-input pairs among ${catalogue.length} series`);
  t.same(wrong, [], `${wrong.length} derived series dated past their inputs or short of them`);

  // The curve is the 10-year less the 2-year on each day both are quoted, and on no other.
  const two = new Map(series.get('DGS2')!.map((o) => [o.date, o.value!]));
  const ten = new Map(series.get('DGS10')!.map((o) => [o.date, o.value!]));
  const curve = series.get('T10Y2Y')!;
  const off = curve.flatMap((o) => {
    if (!two.has(o.date) || !ten.has(o.date)) return [`${o.date}: curve ${o.value} without both yields`];
    return Math.abs(o.value! - (ten.get(o.date)! - two.get(o.date)!)) > 0.0051
      ? [`${o.date}: curve ${o.value}, 10y ${ten.get(o.date)} - 2y ${two.get(o.date)}`]
      : [];
  });
  t.ok(curve.length >= 300, `${curve.length} days of the curve, to ${curve.at(-1)?.date}`);
  t.same(off, [], `${off.length} curve days not the yields' difference`);

  const ahead = catalogue
    .filter((s) => s.frequency === 'daily' && series.get(s.sourceId)!.at(-1)!.date > today)
    .map((s) => `${s.sourceId} (${s.slug}) to ${series.get(s.sourceId)!.at(-1)!.date}`);
  t.same(ahead, [], `no daily series dated past today (${today})`);
});

t.test("CPI consensus within the range of the last six prints, give or take a survey's lean", async (t) => {
  const index = await observations('CPIAUCSL');
  /** Month-on-month prints as released, to one decimal, by their month (YYYY-MM). */
  const prints = new Map<string, number>();
  for (let k = 1; k < index.length; k++)
    prints.set(index[k]!.date.slice(0, 7), Number(((index[k]!.value! / index[k - 1]!.value! - 1) * 100).toFixed(1)));
  const months = [...prints.keys()].sort();
  /** The six prints a survey taken before the release of `at` has seen: those of the months before the month it reports. */
  const seen = (at: string) => {
    const d = new Date(at);
    const reported = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).slice(0, 7);
    return months
      .filter((m) => m < reported)
      .slice(-CPI_PRINTS)
      .map((m) => prints.get(m)!);
  };
  const judge = (what: string, at: string, consensus: number) => {
    const last = seen(at);
    if (last.length < CPI_PRINTS) return [];
    const [lo, hi] = [Math.min(...last), Math.max(...last)];
    return consensus < lo - CPI_BAND - 1e-9 || consensus > hi + CPI_BAND + 1e-9
      ? [`${what}: consensus ${consensus}% after prints ${last.join(', ')}`]
      : [];
  };

  const cpiCatalysts = catalysts.filter((c) => macroKey(c.entities) === 'us-cpi');
  const unread = cpiCatalysts
    .filter((c) => !/^[+-]?\d+(\.\d+)?% m\/m$/.test(c.consensus ?? ''))
    .map((c) => `catalyst ${c.id}: ${c.consensus}`);
  t.same(unread, [], 'every CPI catalyst states its consensus as a m/m percentage');
  const far = cpiCatalysts.flatMap((c) =>
    judge(`catalyst ${c.id} (${c.expectedAt.slice(0, 10)})`, c.expectedAt, Number.parseFloat(c.consensus ?? 'NaN')),
  );

  // The story of a release states its print and its consensus: the print is the series', the consensus the catalyst's.
  const byOutcome = new Map(cpiCatalysts.filter((c) => c.outcomeEventId !== null).map((c) => [c.outcomeEventId!, c]));
  const disagree: string[] = [];
  const cpiStories = stories.filter((e) => e.kind === 'macro_release' && macroKey(e.entities) === 'us-cpi');
  for (const e of cpiStories) {
    const expected = /the (-?\d+(?:\.\d+)?)% expected/.exec(e.headline);
    const printed = /\b(rose|fell) (\d+(?:\.\d+)?)%|were unchanged/.exec(e.headline);
    if (!expected || !printed) {
      disagree.push(`event ${e.id}: no print and consensus in "${e.headline}"`);
      continue;
    }
    const print = printed[1] ? (printed[1] === 'fell' ? -1 : 1) * Number(printed[2]) : 0;
    const d = new Date(e.occurredAt);
    const month = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).slice(0, 7);
    if (prints.get(month) !== print)
      disagree.push(`event ${e.id} prints ${print}% for ${month}, the series ${prints.get(month)}%`);
    const catalyst = byOutcome.get(e.id);
    if (catalyst && Number.parseFloat(catalyst.consensus!) !== Number(expected[1]))
      disagree.push(`event ${e.id} expects ${expected[1]}%, catalyst ${catalyst.id} ${catalyst.consensus}`);
    far.push(...judge(`event ${e.id} (${e.occurredAt.slice(0, 10)})`, e.occurredAt, Number(expected[1])));
  }
  const judged = [...cpiCatalysts.map((c) => c.expectedAt), ...cpiStories.map((e) => e.occurredAt)].filter(
    (at) => seen(at).length === CPI_PRINTS,
  ).length;
  t.ok(
    cpiCatalysts.length >= 20 && cpiStories.length >= 20,
    `${cpiCatalysts.length} CPI catalysts, ${cpiStories.length} CPI stories, ${judged} with six prints before them`,
  );
  t.same(disagree, [], `${disagree.length} CPI stories off the series or their catalyst`);
  t.same(
    far,
    [],
    `${far.length} CPI consensus figures further than ${CPI_BAND} point outside the last ${CPI_PRINTS} prints`,
  );
});
