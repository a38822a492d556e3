// The demo's macro series and prediction markets: every payload read whole by the FRED, Kalshi and Polymarket parsers;
// the numbers each release story and rate decision tells held by its series as known that day (the first print, with
// later revisions kept beside it); vintages and the release calendar on the same days, nothing published after the
// load; and markets whose odds lean toward the decision the demo makes and settle on it once it is published.
import t from 'tap';
import { demoHistoryStart } from '../../../core/demo/history.js';
import { demoDataset } from '../../../core/demo/payloads.js';
import { demoWorld } from '../../../core/demo/world.js';
import { asOf, vintagesByDate } from '../../../core/macro/vintages.js';
import { parseFredPayload } from '../../../core/sources/fred/index.js';
import { parseKalshiPayload } from '../../../core/sources/kalshi/index.js';
import type { ObservationRecord } from '../../../core/sources/macro-records.js';
import { parsePolymarketPayload } from '../../../core/sources/polymarket/index.js';

const DAY = 86_400_000;
const anchor = Date.UTC(2026, 10, 22, 9, 30);
const world = demoWorld(7, anchor);
const dataset = demoDataset(7, anchor, 1, world);
const { fred, kalshi, polymarket } = dataset;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOf = (ms: number) => ms - (ms % DAY);

const observations = new Map<string, ObservationRecord[]>();
for (const o of fred.observations) {
  const read = parseFredPayload(JSON.stringify(o.payload), { seriesId: o.seriesId });
  observations.set(o.seriesId, read.observations);
}
/** A series' value of `date` as known at the end of `day`. */
const known = (seriesId: string, day: number) =>
  new Map(asOf(observations.get(seriesId)!, day).map((o) => [o.date, o.value]));
const monthBefore = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() - 1, 1);
const stories = (pattern: RegExp) =>
  world.story.events.flatMap((e) => e.points.flatMap((p) => (pattern.exec(p) ? [{ e, m: pattern.exec(p)! }] : [])));

t.test('every payload is read whole by its source parser', async (t) => {
  const series = parseFredPayload(JSON.stringify(fred.series));
  t.same(series.skipped, []);
  t.equal(series.series.length, fred.observations.length, 'a definition per series');
  t.ok(
    series.series.every((s) => s.notes?.includes('not real data')),
    'each says it is the demo',
  );
  for (const o of fred.observations)
    t.same(parseFredPayload(JSON.stringify(o.payload), { seriesId: o.seriesId }).skipped, [], o.seriesId);
  const dates = parseFredPayload(JSON.stringify(fred.releaseDates));
  t.same(dates.skipped, []);
  t.ok(
    dates.releaseDates.some((d) => d.date > anchor),
    'release dates ahead of the load',
  );
  const events = parseKalshiPayload(JSON.stringify(kalshi.events));
  const candles = parseKalshiPayload(JSON.stringify(kalshi.candlesticks));
  t.same([...events.skipped, ...candles.skipped], []);
  t.ok(
    events.markets.length >= 60 && candles.history.length >= 1000,
    `${events.markets.length} Kalshi markets, ${candles.history.length} points`,
  );
  const gamma = parsePolymarketPayload(JSON.stringify(polymarket.events));
  t.same(gamma.skipped, []);
  t.ok(gamma.markets.length >= 40, `${gamma.markets.length} Polymarket markets`);
  for (const h of polymarket.histories)
    t.same(parsePolymarketPayload(JSON.stringify(h.payload), { key: h.tokenId }).skipped, []);
});

t.test('nothing is published after the load; each series starts its vintages on its release days', async (t) => {
  for (const [id, rows] of observations)
    t.ok(
      rows.every((o) => o.realtimeStart! <= dayOf(anchor)),
      `${id}: no vintage after the load`,
    );
  const calendar = parseFredPayload(JSON.stringify(fred.releaseDates)).releaseDates;
  const onCalendar = (release: string) => new Set(calendar.filter((d) => d.releaseId === release).map((d) => d.date));
  for (const [id, release] of [
    ['CPIAUCSL', '10'],
    ['PAYEMS', '50'],
    ['ICSA', '180'],
    ['GDPC1', '53'],
    ['PCEPILFE', '54'],
    ['RSXFS', '9'],
  ] as const) {
    const days = onCalendar(release);
    t.ok(
      observations.get(id)!.every((o) => days.has(o.realtimeStart!)),
      `${id}: every vintage on a release day of release ${release}`,
    );
  }
  const decisions = onCalendar('101');
  const meetings = world.path.model.policy.decisions.filter(
    (d) => d.at >= demoHistoryStart(anchor) && d.at < anchor + 90 * DAY,
  );
  t.ok(
    meetings.every((d) => decisions.has(dayOf(d.at))),
    'every rate decision of the story on the FOMC calendar',
  );
});

t.test("the CPI, payrolls and claims hold each release story's number as first printed", async (t) => {
  const cpi = stories(/^CPI ([+-]\d+\.\d)% m\/m/);
  t.ok(cpi.length >= 20, `${cpi.length} CPI stories`);
  for (const { e, m } of cpi) {
    const values = known('CPIAUCSL', dayOf(e.occurredAt));
    const month = monthBefore(e.occurredAt);
    const change = (values.get(month)! / values.get(monthBefore(month))! - 1) * 100;
    t.equal(change.toFixed(1), Number(m[1]).toFixed(1), `CPI of ${isoDay(month)}`);
  }
  const jobs = stories(/^Payrolls (-?\d+)k vs/);
  t.ok(jobs.length >= 20, `${jobs.length} payroll stories`);
  for (const { e, m } of jobs) {
    const values = known('PAYEMS', dayOf(e.occurredAt));
    const month = monthBefore(e.occurredAt);
    t.equal(
      values.get(month)! - values.get(monthBefore(month))!,
      Number(m[1]),
      `payrolls of ${isoDay(month)}, as first printed`,
    );
  }
  const claims = stories(/^Claims (\d+)k vs/);
  t.ok(claims.length >= 90, `${claims.length} claims stories`);
  for (const { e, m } of claims) {
    const values = known('ICSA', dayOf(e.occurredAt));
    const saturday = dayOf(e.occurredAt) - ((new Date(dayOf(e.occurredAt)).getUTCDay() + 1) % 7) * DAY;
    t.equal(values.get(saturday), Number(m[1]) * 1000, `claims of the week to ${isoDay(saturday)}`);
  }
  const revised = vintagesByDate(observations.get('PAYEMS')!).filter((d) => d.revised);
  t.ok(revised.length >= 10, `${revised.length} payroll months revised after their first print`);
  t.ok(
    vintagesByDate(observations.get('GDPC1')!).some((d) => d.revised && d.vintages === 3),
    'GDP printed three times',
  );
});

t.test("the policy rate is each decision's new range from the day after it, when it takes effect", async (t) => {
  const decisions = stories(/^Target range (\d+\.\d\d)-(\d+\.\d\d)%$/);
  t.ok(decisions.length >= 12, `${decisions.length} decisions`);
  const rate = known('DFEDTARU', dayOf(anchor));
  for (const { e, m } of decisions) {
    const change = world.path.model.policy.decisions.find((d) => d.at === e.occurredAt)!.change;
    t.equal(
      rate.get(dayOf(e.occurredAt) + DAY),
      Number(m[2]),
      `the top of the range on the day after ${isoDay(e.occurredAt)}`,
    );
    t.equal(Number(m[2]) - rate.get(dayOf(e.occurredAt))!, change, 'changed that day by the decision, not before');
  }
});

t.test('rate-decision markets lean toward the decision made and settle on it once published', async (t) => {
  const { markets } = parseKalshiPayload(JSON.stringify(kalshi.events));
  const { history } = parseKalshiPayload(JSON.stringify(kalshi.candlesticks));
  const labels: Record<string, number> = { 'Cut >25bps': -0.5, 'Cut 25bps': -0.25, Hold: 0, 'Hike 25bps': 0.25 };
  let leaned = 0;
  let decided = 0;
  const { decisions } = world.path.model.policy;
  // A meeting's markets open after the meeting before it.
  for (const [k, d] of decisions.entries()) {
    if (d.at < demoHistoryStart(anchor) || (decisions[k - 1]?.at ?? 0) >= anchor) continue;
    const meeting = markets.filter((m) => m.closeAt === d.at);
    t.equal(meeting.length, 4, `four outcomes for ${isoDay(d.at)}`);
    const made = meeting.find((m) => labels[m.label!] === d.change)!;
    const points = history.filter((p) => p.outcomeKey === `${made.sourceKey}/yes` && p.ts < d.at);
    if (d.at < anchor) {
      decided++;
      t.ok(
        meeting.every((m) => m.status === 'resolved' && m.resolution === (m === made ? 'Yes' : 'No')),
        `settled on the decision of ${isoDay(d.at)}`,
      );
      t.equal(
        history.find((p) => p.outcomeKey === `${made.sourceKey}/yes` && p.ts === d.at)?.probability,
        1,
        'its last point is the settlement',
      );
      if (points.length >= 2 && points.at(-1)!.probability > points[0]!.probability) leaned++;
    } else
      t.ok(
        meeting.every((m) => m.status === 'open' && m.resolution === null),
        `open before ${isoDay(d.at)}`,
      );
  }
  t.ok(decided >= 12, `${decided} decisions settled`);
  t.ok(leaned >= decided * 0.8, `the decision made gained odds before ${leaned} of ${decided} meetings`);
});

t.test('release markets resolve on whether the number beat the forecast', async (t) => {
  const { markets } = parsePolymarketPayload(JSON.stringify(polymarket.events));
  let resolved = 0;
  for (const p of world.prints.filter((x) => x.series !== 'us-jobless-claims')) {
    const market = markets.find((m) => m.closeAt === p.releasedAt);
    if (!market) continue;
    if (p.releasedAt < anchor) {
      resolved++;
      t.equal(market.resolution, p.value > p.expected ? 'Yes' : 'No', market.question);
    } else t.equal(market.status, 'open');
  }
  t.ok(resolved >= 40, `${resolved} resolved`);
});
