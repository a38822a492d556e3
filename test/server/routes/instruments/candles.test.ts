// /v1/instruments/{symbol}/candles: bounds, defaults, the open bar, and 1h/1d equal to the 1m candles they cover.
import t from 'tap';
import { DEMO_TICKING, sharedServer } from '../../../../harness/shared-server.js';
import { clock } from '../../../../server/clock.js';

const server = await sharedServer(DEMO_TICKING);
t.teardown(() => server.release());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Candle {
  ts: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeUsd: number | null;
  venues?: number;
}
interface Candles {
  instrument: { type: string; key: string };
  interval: string;
  count: number;
  availableFrom: string | null;
  notice?: string;
  candles: Candle[];
}

async function candles(query: string, symbol = 'BTC'): Promise<Candles> {
  const res = await server.get(`/v1/instruments/${symbol}/candles?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Candles }).data;
}

const ascending = (c: Candle[]) => c.every((x, k) => k === 0 || Date.parse(x.ts) > Date.parse(c[k - 1]!.ts));

t.test('bad input is a 422 naming the parameter', async (t) => {
  const cases: [string, string][] = [
    ['interval=5m', 'interval'],
    ['limit=0', 'limit'],
    ['limit=20001', 'limit'],
    ['limit=1.5', 'limit'],
    [`from=${'2'.repeat(41)}`, 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-02-30', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=2020-11-22&to=2020-11-01', 'from'],
  ];
  for (const [query, param] of cases) {
    const res = await server.get(`/v1/instruments/BTC/candles?${query}`);
    const body = (await res.json()) as { error: { code: string; details: { param: string }[] } };
    t.equal(res.status, 422, query);
    t.ok(
      body.error.details.some((d) => d.param === param),
      `${query}: names ${param}`,
    );
  }
  t.equal((await server.get('/v1/instruments/NOPE/candles')).status, 404);
});

t.test("defaults: 1d, all history, ascending, today's open bar last", async (t) => {
  const d = await candles('');
  t.equal(d.interval, '1d');
  t.match(d.instrument, { type: 'instrument', key: 'BTC' });
  t.equal(d.count, d.candles.length);
  t.ok(d.count >= 731, `${d.count} daily candles: two years and more`);
  t.ok(ascending(d.candles));
  const now = clock.now();
  t.equal(Date.parse(d.candles.at(-1)!.ts), now - (now % DAY), 'the open day is the last candle');
  for (const c of d.candles) {
    if (!(c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close))) t.fail(`bad candle ${c.ts}`);
  }
});

t.test('default lookbacks: 1m = 24h, 1h = 30 days; limit keeps the latest', async (t) => {
  // The window ends with the bar open at the request and holds exactly 1,440 minutes or 720 hours: its first bar is
  // that many bars back from the bar open at some moment during the request.
  const firstBar = async (query: string, bar: number, bars: number) => {
    const before = clock.now();
    const answer = await candles(query);
    const after = clock.now();
    const first = Date.parse(answer.candles[0]!.ts);
    const earliest = before - (before % bar) - (bars - 1) * bar;
    const latest = after - (after % bar) - (bars - 1) * bar;
    t.ok(first >= earliest && first <= latest, `${query}: the first of ${bars} bars (${answer.candles[0]!.ts})`);
    return answer;
  };
  const m = await firstBar('interval=1m', 60_000, 1440);
  t.ok(m.count >= 1400 && m.count <= 1440, `${m.count} minutes`);
  t.ok(ascending(m.candles));
  t.ok(clock.now() - Date.parse(m.candles.at(-1)!.ts) < 2 * 60_000, 'the open minute is there');
  const h = await firstBar('interval=1h', HOUR, 720);
  t.ok(h.count >= 719 && h.count <= 720, `${h.count} hours`);
  // The latest five are the last five of the full answer (asked again if a minute rolls over in between).
  for (let attempt = 0; ; attempt++) {
    const all = (await candles('interval=1m')).candles.map((c) => c.ts);
    const five = await candles('interval=1m&limit=5');
    if (five.candles.at(-1)!.ts !== all.at(-1) && attempt < 3) continue;
    t.equal(five.count, 5);
    t.same(
      five.candles.map((c) => c.ts),
      all.slice(-5),
    );
    break;
  }
});

t.test('with from: the first candles from it', async (t) => {
  // Days and hours the demo holds, read from its answers: a year into its daily history, a week into its hourly one.
  const days = (await candles('interval=1d&from=2000-01-01&limit=20000')).candles.map((c) => c.ts);
  const day = days[days.length - 366]!;
  const d = await candles(`interval=1d&from=${day.slice(0, 10)}&limit=3`);
  t.same(
    d.candles.map((c) => c.ts),
    days.slice(-366, -363),
  );
  const window = await candles(`interval=1d&from=${day.slice(0, 10)}&to=${days[days.length - 357]!.slice(0, 10)}`);
  t.equal(window.count, 10, 'a date as to covers its whole day');
  const hour = Date.parse((await candles('interval=1h&from=2000-01-01&limit=20000')).candles.at(-7 * 24)!.ts);
  const iso = (ms: number) => new Date(ms).toISOString();
  const ts = await candles(`interval=1h&from=${iso(hour - HOUR / 2)}&to=${iso(hour + 2 * HOUR)}`);
  t.same(
    ts.candles.map((c) => c.ts),
    [iso(hour), iso(hour + HOUR), iso(hour + 2 * HOUR)],
    'a timestamp as from starts at the next whole bar, one as to includes its bar',
  );
});

t.test(
  'no silent truncation: availableFrom says where held history starts, a notice when from is before it',
  async (t) => {
    for (const interval of ['1m', '1h', '1d']) {
      const early = await candles(`interval=${interval}&from=2000-01-01&limit=20000`);
      t.ok(
        early.availableFrom && Date.parse(early.availableFrom) > Date.parse('2000-01-01'),
        `${interval}: held from ${early.availableFrom}`,
      );
      t.equal(early.candles[0]!.ts, early.availableFrom, `${interval}: the first candle is the first held`);
      t.match(
        early.notice,
        new RegExp(
          `held ${interval} history of BTC starts at ${early.availableFrom!.replace(/[.]/g, '\\.')}: nothing earlier is held`,
        ),
        `${interval}: says the answer starts later than asked`,
      );
      const within = await candles(`interval=${interval}&from=${early.candles.at(-1)!.ts}`);
      t.equal(within.availableFrom, early.availableFrom, `${interval}: the same start whatever is asked`);
      t.equal(within.notice, undefined, `${interval}: no notice when from is held`);
      t.equal((await candles(`interval=${interval}`)).notice, undefined, `${interval}: nor for the default lookback`);
    }
    const listing = (await (await server.get('/v1/instruments/BTC')).json()) as {
      data: { venues: { listingId: number }[] };
    };
    const res = await server.get(
      `/v1/instruments/BTC/listings/${listing.data.venues[0]!.listingId}/candles?interval=1m&from=2000-01-01`,
    );
    const one = ((await res.json()) as { data: Candles }).data;
    t.ok(one.availableFrom && one.notice, "a venue listing's own series says so too");
  },
);

t.test('1h and 1d candles equal the aggregation of the 1m candles they cover', async (t) => {
  const now = clock.now();
  const hour = now - (now % HOUR) - HOUR;
  const minutes = await candles(
    `interval=1m&from=${new Date(hour).toISOString()}&to=${new Date(hour + HOUR - 1).toISOString()}`,
    'ETH',
  );
  t.equal(minutes.count, 60, 'a closed hour has 60 minutes');
  const hourly = await candles(`interval=1h&from=${new Date(hour).toISOString()}&limit=1`, 'ETH');
  const h = hourly.candles[0]!;
  const m = minutes.candles;
  t.equal(h.ts, new Date(hour).toISOString());
  t.equal(h.open, m[0]!.open);
  t.equal(h.close, m.at(-1)!.close);
  t.equal(h.high, Math.max(...m.map((c) => c.high)));
  t.equal(h.low, Math.min(...m.map((c) => c.low)));
  t.ok(Math.abs(h.volumeUsd! - m.reduce((a, c) => a + c.volumeUsd!, 0)) < 1e-6 * h.volumeUsd!);

  const yesterday = now - (now % DAY) - DAY;
  const dayMinutes = await candles(`interval=1m&from=${new Date(yesterday).toISOString()}&limit=1440`, 'ETH');
  const daily = await candles(`interval=1d&from=${new Date(yesterday).toISOString()}&limit=1`, 'ETH');
  t.equal(dayMinutes.count, 1440);
  t.equal(daily.candles[0]!.high, Math.max(...dayMinutes.candles.map((c) => c.high)));
  t.equal(daily.candles[0]!.close, dayMinutes.candles.at(-1)!.close);
});

t.test(
  "listing candles: the demo's venue history follows the pooled price within its basis, volumes add up",
  async (t) => {
    // The history drawn at the load ends at its anchor (the minutes the load took are drawn after it, the live ones later).
    const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { loadedAt: string } } };
    const anchor = Date.parse(meta.data.dataset.loadedAt);
    const detail = (
      (await (await server.get('/v1/instruments/SOL')).json()) as { data: { venues: { listingId: number }[] } }
    ).data;
    // A fixed window of that history (`to` exclusive here), the same for every request whatever the clock does meanwhile:
    // eleven hours, inside the 12 to 36 each venue's own minutes cover.
    const before = anchor - (anchor % 60_000) - 60_000;
    const window = `interval=1m&from=${new Date(before - 11 * HOUR).toISOString()}&to=${new Date(before - 1).toISOString()}&limit=20000`;
    const pooled = await candles(window, 'SOL');
    const byTs = new Map(pooled.candles.map((c) => [c.ts, c]));
    t.equal(byTs.size, 11 * 60, 'eleven hours of pooled history');
    const volume = new Map<string, number>();
    for (const { listingId } of detail.venues) {
      const own = (await candles(window, `SOL/listings/${listingId}`)).candles;
      t.equal(own.length, byTs.size, `listing ${listingId}: a bar for every minute of the history`);
      const off = own.filter((c) => Math.abs(c.close / byTs.get(c.ts)!.close - 1) > 0.0005 || c.high < c.low);
      t.same(off, [], `listing ${listingId}: every bar within 5 bp of the pooled one`);
      for (const c of own) volume.set(c.ts, (volume.get(c.ts) ?? 0) + c.volumeUsd!);
    }
    const mismatched = [...byTs.values()].filter((c) => Math.abs(volume.get(c.ts)! / c.volumeUsd! - 1) > 1e-9);
    t.same(mismatched, [], "the venues' volumes add up to the pooled volume");
  },
);

t.test(
  "listing candles: a venue's own days for a year, hours for 30 days, each within the basis of the pooled candle",
  async (t) => {
    const detail = (
      (await (await server.get('/v1/instruments/ETH')).json()) as { data: { venues: { listingId: number }[] } }
    ).data;
    for (const interval of ['1h', '1d']) {
      // Closed candles before yesterday (imported history) and since (from the venue's minutes), the open one left out.
      const window = `interval=${interval}&from=2000-01-01&to=${new Date(clock.now() - (clock.now() % DAY) - 1).toISOString()}&limit=20000`;
      const pooled = new Map((await candles(window, 'ETH')).candles.map((c) => [c.ts, c]));
      t.ok(pooled.size >= 700, `${interval}: ${pooled.size} pooled candles`);
      for (const { listingId } of detail.venues.slice(0, 2)) {
        const own = (await candles(window, `ETH/listings/${listingId}`)).candles;
        // The pooled history goes back two years; a venue's own hours 30 days before its minutes, its days a year (all of
        // it for every venue would double the demo's load).
        const from = Date.parse(own[0]!.ts);
        t.ok(
          clock.now() - from >= (interval === '1h' ? 30 : 365) * DAY,
          `${interval}, listing ${listingId}: its own from ${own[0]!.ts}`,
        );
        t.same(
          own.map((c) => c.ts),
          [...pooled.keys()].filter((ts) => Date.parse(ts) >= from),
          `${interval}, listing ${listingId}: a candle for every pooled one`,
        );
        const off = own.filter(
          (c) =>
            Math.abs(c.close / pooled.get(c.ts)!.close - 1) > 0.0005 ||
            !(c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close)),
        );
        t.same(off, [], `${interval}, listing ${listingId}: whole candles within 5 bp of the pooled ones`);
      }
    }
  },
);

t.test('listing candles: its own price, live from the first tick; listings of other instruments are 404', async (t) => {
  const btc = (
    (await (await server.get('/v1/instruments/BTC')).json()) as {
      data: { venues: { listingId: number; price: number }[] };
    }
  ).data;
  const eth = (
    (await (await server.get('/v1/instruments/ETH')).json()) as { data: { venues: { listingId: number }[] } }
  ).data;
  const listing = btc.venues[0]!;
  const m = await candles(`interval=1m`, `BTC/listings/${listing.listingId}`);
  t.ok(m.count >= 1, 'the open minute of the listing is there');
  const now = clock.now();
  t.ok(now - Date.parse(m.candles.at(-1)!.ts) < 2 * 60_000);
  t.ok(Math.abs(m.candles.at(-1)!.close / listing.price - 1) < 0.05, 'the close is near the venue price');
  t.equal(m.candles.at(-1)!.venues, undefined, 'a listing is one venue: no pool size');
  const d = await candles('interval=1d', `BTC/listings/${listing.listingId}`);
  t.equal(Date.parse(d.candles.at(-1)!.ts), now - (now % DAY), 'the open day of the listing');
  t.equal(
    (await server.get(`/v1/instruments/BTC/listings/${eth.venues[0]!.listingId}/candles`)).status,
    404,
    "another instrument's listing",
  );
  t.equal((await server.get('/v1/instruments/BTC/listings/999999/candles')).status, 404);
  for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) {
    t.equal((await server.get(`/v1/instruments/BTC/listings/${bad}/candles`)).status, 422, `listingId ${bad}`);
  }
});
