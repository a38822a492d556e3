// The default demo's depth: the interface's largest 1m pull (20,000 bars) answered whole, a year of 1h, and each venue's
// own minutes for at least the last 12 hours. Other tests run the demo with one day of 1m, to start sooner.
// The same on any day: its checks count bars back from now, which every day holds alike; the time of day, which sets
// how far back each venue's own minutes go (12 to 36 hours), is checked by its bound.
import t from 'tap';
import { startServer } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';
import { DEMO_MINUTE_DAYS_DEFAULT } from '../../../../server/config/demo.js';

// Its own load: this is the only file of the suite on 14 days, whose template would be loaded for one copy. The load
// took 78 s beside two other files, and past the harness's 150 s on a machine loaded twice over: it may take up to the
// runner's 300 s for the file, less a minute for the checks.
const server = await startServer({
  freshDemo: true,
  env: { TAPEWIRE_DEMO: '1', DEMO_MINUTE_DAYS: String(DEMO_MINUTE_DAYS_DEFAULT) },
  readyDeadlineMs: 240_000,
});
t.teardown(() => server.dispose());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Candles {
  count: number;
  availableFrom: string | null;
  notice?: string;
  candles: { ts: string }[];
}

async function candles(query: string, symbol = 'BTC'): Promise<Candles> {
  const res = await server.get(`/v1/instruments/${symbol}/candles?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Candles }).data;
}

t.test('the default demo holds 14 days of 1m: the largest pull is answered whole', async (t) => {
  t.equal(DEMO_MINUTE_DAYS_DEFAULT, 14, 'the default is 14 days');
  for (const symbol of ['BTC', 'AAPL', 'SPX']) {
    const from = new Date(clock.now() - 14 * DAY).toISOString();
    const deep = await candles(`interval=1m&limit=20000&from=${from}`, symbol);
    t.equal(deep.count, 20000, `${symbol}: 20,000 1m candles from 14 days back`);
    t.notOk(deep.notice, `${symbol}: nothing to warn of`);
    t.ok(
      Date.parse(deep.availableFrom!) <= Date.parse(from),
      `${symbol}: held from ${deep.availableFrom}, before ${from}`,
    );
  }
});

t.test('a year of 1h', async (t) => {
  const from = new Date(clock.now() - 365 * DAY).toISOString();
  const year = await candles(`interval=1h&limit=20000&from=${from}`);
  t.ok(year.count >= 365 * 24, `${year.count} hourly candles over the last year`);
  t.ok(
    Date.parse(year.candles[0]!.ts) - Date.parse(from) < HOUR,
    `the first at ${year.candles[0]!.ts}, within an hour of ${from}`,
  );
  const steps = year.candles.slice(1).every((c, k) => Date.parse(c.ts) - Date.parse(year.candles[k]!.ts) === HOUR);
  t.ok(steps, 'one candle per hour, no gap');
});

t.test("each venue's own minutes cover at least the last 12 hours", async (t) => {
  const now = clock.now();
  const from = new Date(now - 12 * HOUR - (now % 60_000)).toISOString();
  // Counted up to the current UTC hour: a server on a copy of the demo misses the minutes between the copy's load and
  // its start, which stay inside the open hour (harness/data-templates.ts), and the open minute may not be written yet.
  const hourStart = now - (now % HOUR);
  const closedMinutes = Math.floor((hourStart - Date.parse(from)) / 60_000);
  const instrument = (await (await server.get('/v1/instruments/BTC')).json()) as {
    data: { venues: { venue: string; listingId: number }[] };
  };
  for (const { venue, listingId } of instrument.data.venues) {
    const res = await server.get(
      `/v1/instruments/BTC/listings/${listingId}/candles?interval=1m&limit=20000&from=${from}`,
    );
    const own = ((await res.json()) as { data: Candles }).data;
    const closed = own.candles.filter((c) => Date.parse(c.ts) < hourStart).length;
    t.equal(
      closed,
      closedMinutes,
      `${venue}: every minute of the last 12 hours before ${new Date(hourStart).toISOString()}, ${closed} 1m candles of its own`,
    );
    t.ok(Date.parse(own.availableFrom!) <= Date.parse(from), `${venue}: held from ${own.availableFrom}`);
  }
});
