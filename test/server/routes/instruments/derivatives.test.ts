// /v1/instruments/{symbol}/derivatives: bounds, the default start, daily values recomputed from the hourly series
// per venue, the current values of the instrument detail, and live hours from the venue quotes.
import t from 'tap';
import { DERIVATIVES_DEFAULT_FROM } from '../../../../core/schemas/derivatives.js';
import { DEMO_TICKING, sharedServer } from '../../../../harness/shared-server.js';
import { clock } from '../../../../server/clock.js';

const server = await sharedServer(DEMO_TICKING);
t.teardown(() => server.release());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Hour {
  ts: string;
  fundingRatePct: number | null;
  fundingRate8hPct: number | null;
  openInterestUsd: number | null;
}
interface Derivatives {
  instrument: { type: string; key: string };
  from: string;
  availableFrom: string | null;
  notice?: string;
  current: { fundingRate8hPct: number | null; openInterestUsd: number | null; venues: number };
  daily: { date: string; fundingRate8hPct: number | null; openInterestUsd: number | null; venues: number }[];
  perVenue?: { listingId: number; venue: string; fundingIntervalHours: number; hourly: Hour[] }[];
}

async function derivatives(query: string, symbol = 'BTC'): Promise<Derivatives> {
  const res = await server.get(`/v1/instruments/${symbol}/derivatives${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Derivatives }).data;
}

const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), 1e-12);

t.test('bad input: 422 naming the parameter, 404 for an unknown symbol', async (t) => {
  for (const [query, param] of [
    ['from=2026-02-30', 'from'],
    ['from=soon', 'from'],
    [`from=${'2'.repeat(41)}`, 'from'],
    ['perVenue=maybe', 'perVenue'],
    ['until=2020-01-01', 'until'],
  ] as [string, string][]) {
    const res = await server.get(`/v1/instruments/BTC/derivatives?${query}`);
    const body = (await res.json()) as { error: { details: { param: string }[] } };
    t.equal(res.status, 422, query);
    t.ok(
      body.error.details.some((d) => d.param === param),
      `${query} names ${param}`,
    );
  }
  t.equal((await server.get('/v1/instruments/NOPE/derivatives')).status, 404);
});

t.test(
  `default: daily since ${DERIVATIVES_DEFAULT_FROM}, one value per UTC day, every perpetual counted, no venue series`,
  async (t) => {
    // Today's hours since the load come from the live quotes, written every ten ticks and read through a series kept 10 s:
    // right after a start in a UTC day's first hour (seen at New Year), today is there a few seconds later.
    const dayOf = (ms: number) => ms - (ms % DAY);
    let d = await derivatives('');
    for (
      const deadline = performance.now() + 30_000;
      Date.parse(d.daily.at(-1)!.date) !== dayOf(clock.now()) && performance.now() < deadline;
    ) {
      await new Promise((r) => setTimeout(r, 500));
      d = await derivatives('');
    }
    t.equal(d.from, `${DERIVATIVES_DEFAULT_FROM}T00:00:00.000Z`, "the interface's fixed default");
    t.match(d.instrument, { type: 'instrument', key: 'BTC' });
    t.notOk('perVenue' in d);
    // The demo writes a year of history before today.
    const today = dayOf(clock.now());
    const expectedFirst = Math.max(Date.parse(DERIVATIVES_DEFAULT_FROM), today - 365 * DAY);
    t.equal(Date.parse(d.daily[0]!.date), expectedFirst);
    t.equal(Date.parse(d.daily.at(-1)!.date), today, 'today is there');
    t.ok(
      d.daily.every((x, k) => k === 0 || Date.parse(x.date) - Date.parse(d.daily[k - 1]!.date) === DAY),
      'consecutive days',
    );

    const detail = (
      (await (await server.get('/v1/instruments/BTC')).json()) as { data: { venues: { market: string }[] } }
    ).data;
    const perps = detail.venues.filter((v) => v.market === 'perp').length;
    t.ok(
      d.daily.every((x) => x.venues === perps),
      `every day counts the ${perps} perpetuals`,
    );
    t.ok(
      d.daily.every((x) => x.openInterestUsd! > 0 && Math.abs(x.fundingRate8hPct!) < 0.5),
      'funding in percent units: well under half a percent per 8 hours',
    );
    const median = d.daily.map((x) => x.fundingRate8hPct!).sort((a, b) => a - b)[d.daily.length >> 1]!;
    t.ok(median > 0.001 && median < 0.1, `median funding ${median}% per 8 hours: about 0.01, as venues quote it`);
  },
);

t.test('no silent truncation: availableFrom is the first day held, a notice when from is before it', async (t) => {
  const early = await derivatives('?from=2000-01-01');
  const today = clock.now() - (clock.now() % DAY);
  t.ok(early.availableFrom && Date.parse(early.availableFrom) >= today - 366 * DAY, `held from ${early.availableFrom}`);
  t.equal(early.daily[0]!.date, early.availableFrom, 'the daily series starts there');
  t.match(early.notice, `The held funding and open interest of BTC start on ${early.availableFrom}`);
  const within = await derivatives(`?from=${early.daily.at(-1)!.date}`);
  t.equal(within.availableFrom, early.availableFrom);
  t.equal(within.notice, undefined, 'no notice when from is held');
});

t.test('a day inside the hourly history equals the OI-weighted mean recomputed from each venue’s hours', async (t) => {
  const yesterday = new Date(clock.now() - (clock.now() % DAY) - DAY).toISOString().slice(0, 10);
  const d = await derivatives(`?from=${yesterday}&perVenue=true`);
  const day = d.daily.find((x) => x.date === yesterday)!;
  let oi = 0;
  let weighted = 0;
  for (const v of d.perVenue!) {
    const hours = v.hourly.filter((h) => h.ts.startsWith(yesterday));
    t.equal(hours.length, 24, `${v.venue}: 24 hours`);
    // Each in percent to ten decimals: equal within their rounding.
    t.ok(
      hours.every((h) => Math.abs(h.fundingRate8hPct! - (h.fundingRatePct! * 8) / v.fundingIntervalHours) < 1e-9),
      `${v.venue}: per-8h is the rate times 8 / interval`,
    );
    const meanFunding = hours.reduce((a, h) => a + h.fundingRate8hPct!, 0) / hours.length;
    const lastOi = hours.at(-1)!.openInterestUsd!;
    oi += lastOi;
    weighted += meanFunding * lastOi;
  }
  t.ok(close(day.openInterestUsd!, oi), 'open interest is the venues’ total at the day’s end');
  t.ok(close(day.fundingRate8hPct!, weighted / oi, 1e-6), 'funding is the mean per venue, weighted by open interest');
  t.equal(day.venues, d.perVenue!.length);
});

t.test('current values match the instrument detail, and live hours come from the venue quotes', async (t) => {
  const d = await derivatives(`?from=${new Date(clock.now() - 7 * DAY).toISOString().slice(0, 10)}`);
  const detail = (
    (await (await server.get('/v1/instruments/BTC')).json()) as {
      data: { fundingRate8hPct: number; openInterestUsd: number };
    }
  ).data;
  // A few ticks may pass between the two requests: open interest moves about 0.1% per tick.
  t.ok(close(d.current.openInterestUsd!, detail.openInterestUsd, 0.02));
  t.ok(Math.abs(d.current.fundingRate8hPct! - detail.fundingRate8hPct) < 0.002);

  const hour = new Date(clock.now() - (clock.now() % HOUR)).toISOString();
  let live: Derivatives | null = null;
  for (let k = 0; k < 60 && !live; k++) {
    const v = await derivatives(`?from=${hour}&perVenue=true`);
    if (v.perVenue!.every((s) => s.hourly.at(-1)?.ts === hour)) live = v;
    else await new Promise((r) => setTimeout(r, 250));
  }
  t.ok(live, 'every venue has the current hour once its quotes are written');
  for (const s of live?.perVenue ?? []) t.ok(s.hourly.at(-1)!.openInterestUsd! > 0);
});
