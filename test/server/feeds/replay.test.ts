// The FRED, Polymarket and Kalshi feeds against a local server replaying recorded answers (the fixtures and, when
// present, the real samples; never the network): what each asks for, what it writes and serves, an item the source
// refuses skipped with one log line, a failed round retried with backoff; FRED off without its key, said once, and its
// key never logged.
import t from 'tap';
import { DAY_MS } from '../../../core/time.js';
import { fixture, readRealdata, realdataSkip } from '../../../harness/realdata.js';
import { type Answer, startReplay } from '../../../harness/replay.js';
import { type ServerHandle, startServer } from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';

type Json = Record<string, any>;

const json = (value: unknown): Answer => ({ body: JSON.stringify(value) });
const KEY = 'replay-key-0123456789';
// The samples' and fixtures' dates are fixed: so is the day the test runs on.
const { nowMs: now, env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cpiDay = isoDay(now + 12 * DAY_MS);
const hours = (n: number, p: (k: number) => number) =>
  Array.from({ length: n }, (_, k) => ({ t: Math.floor((now - (n - k) * 3_600_000) / 1000), p: p(k) }));

// The real samples answer for the market and the ticker they were recorded for, when they are there.
const realSkip = realdataSkip('prediction_markets');
const REAL_BTC = 'btc-updown-5m-1773307200';
const REAL_TICKER = 'KXELONMARS-99';
const real = (path: string): Answer => ({ body: readRealdata(`prediction_markets/${path}`) });

let fredBusy = true;
const replay = await startReplay((url) => {
  const q = url.searchParams;
  const path = url.pathname;
  if (path.startsWith('/fred/')) {
    if (q.get('api_key') !== KEY)
      return {
        status: 400,
        body: '{"error_code":400,"error_message":"Bad Request. The value for variable api_key is not registered."}',
      };
    if (q.get('series_id') === 'NOSUCH')
      return { status: 400, body: '{"error_code":400,"error_message":"Bad Request.  The series does not exist."}' };
    if (path === '/fred/series' && fredBusy) {
      fredBusy = false;
      return { status: 503, body: 'busy', headers: { 'retry-after': '1' } };
    }
    if (path === '/fred/series') return { body: fixture('fred/series_metadata.json') };
    if (path === '/fred/series/release')
      return json({ releases: [{ id: 10, name: 'Consumer Price Index', press_release: true }] });
    if (path === '/fred/series/observations') return { body: fixture('fred/CPIAUCSL.json') };
    if (path === '/fred/release/dates')
      return json({ release_dates: [{ release_id: 10, release_name: 'Consumer Price Index', date: cpiDay }] });
  }
  if (path === '/gamma/markets')
    return q.get('slug') === REAL_BTC
      ? { body: `[${real('polymarket/gamma_markets_btc-updown-5m_2026-03-12.json').body}]` }
      : json([]);
  if (path === '/gamma/events')
    return {
      body: q.get('slug') === 'fed-decision-in-march-2026' ? `[${fixture('polymarket/gamma_event_rates.json')}]` : '[]',
    };
  if (path === '/clob/prices-history' && q.get('market')!.length > 10)
    return real('polymarket/clob_prices-history_2026-05-22.json');
  if (path === '/clob/prices-history')
    return json({ history: hours(24, (k) => (q.get('market') === '4001' ? 0.1 + k / 100 : 0.9 - k / 100)) });
  if (path === '/kalshi/events/KXFED-26MAR') return { body: fixture('kalshi/event_single_2026.json') };
  if (path === `/kalshi/markets/${REAL_TICKER}`) return real('kalshi/market_KXELONMARS-99.json');
  if (path === '/kalshi/markets/KXCPIYOY-25NOV-T3.0')
    return json({ market: (JSON.parse(fixture('kalshi/markets_cents_2025.json')) as Json).markets[0] });
  const candles = /^\/kalshi\/series\/([^/]+)\/markets\/([^/]+)\/candlesticks$/.exec(path);
  if (candles) {
    const candlesticks = hours(3, (k) => 0.5 + k / 10).map((h) => ({
      end_period_ts: h.t,
      price: { close_dollars: h.p.toFixed(4) },
    }));
    return json({ ticker: decodeURIComponent(candles[2]!), candlesticks });
  }
  return { status: 404, body: '{"error":"not found"}' };
});
t.teardown(() => replay.close());

const server = await startServer({
  env: {
    ...CLOCK,
    RATE_LIMIT_ANON_RPM: '1000000',
    META_REFRESH_S: '1',
    FRED_API_KEY: KEY,
    FRED_SERIES: 'CPIAUCSL,NOSUCH',
    FRED_API_URL: `${replay.url}/fred`,
    POLYMARKET_MARKETS: ['fed-decision-in-march-2026', 'nosuch', ...(realSkip ? [] : [REAL_BTC])].join(','),
    POLYMARKET_GAMMA_URL: `${replay.url}/gamma`,
    POLYMARKET_CLOB_URL: `${replay.url}/clob`,
    KALSHI_MARKETS: ['KXFED-26MAR', 'KXCPIYOY-25NOV-T3.0', ...(realSkip ? [] : [REAL_TICKER])].join(','),
    KALSHI_API_URL: `${replay.url}/kalshi`,
  },
});
t.teardown(() => server.dispose());

/** The answer of `path` once `ready` holds of it, polled; the feeds work in the background. */
async function when(path: string, ready: (body: Json) => boolean, on: ServerHandle = server): Promise<Json> {
  for (const deadline = performance.now() + 60_000; ; ) {
    const res = await on.get(path);
    const body = (await res.json()) as Json;
    if (res.status === 200 && ready(body)) return body;
    if (performance.now() > deadline)
      throw new Error(`${path}: not ready: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const asked = (path: string) => replay.requests.filter((u) => u.pathname === path);
const logged = (msg: string) => server.logs.filter((l) => l.msg === msg);

t.test(
  'FRED: a failed round retried with backoff, then the series with its vintages, release and calendar',
  async (t) => {
    const { data } = await when('/v1/macro/us-cpi', (b) => b.data.nextRelease !== null);
    t.match(data, {
      observationCount: 14,
      sourceTitle: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
      nextRelease: { date: cpiDay, name: 'Consumer Price Index' },
    });
    t.same(
      data.revisions.map((r: Json) => r.date),
      ['2025-07-01'],
      'every vintage read',
    );
    const observations = asked('/fred/series/observations').find(
      (u) => u.searchParams.get('series_id') === 'CPIAUCSL',
    )!;
    t.same(
      Object.fromEntries([...observations.searchParams].filter(([k]) => k !== 'api_key')),
      {
        series_id: 'CPIAUCSL',
        realtime_start: '1776-07-04',
        realtime_end: '9999-12-31',
        limit: '100000',
        offset: '0',
        file_type: 'json',
      },
      'the whole history with every vintage, for a series not held yet',
    );
    t.match(Object.fromEntries(asked('/fred/release/dates')[0]!.searchParams), {
      release_id: '10',
      include_release_dates_with_no_data: 'true',
      realtime_end: '9999-12-31',
    });
    const failed = await server.waitForLog((l) => l.msg === 'feed fred failed; retrying with backoff');
    t.match(failed, { level: 40, feed: 'fred', retryInS: 5 }, 'the first retry 5 s later (Retry-After asked 1 s)');
    t.match(await server.waitForLog((l) => l.msg === 'feed fred recovered'), { feed: 'fred', failures: 1 });
    t.match(await server.waitForLog((l) => l.msg === 'feed fred: series NOSUCH skipped'), {
      level: 40,
      err: /400 .*The series does not exist/,
    });
    t.equal(logged('feed fred: series NOSUCH skipped').length, 1, 'a refused series is logged once; the others go on');
    t.notOk(
      server.logs.some((l) => JSON.stringify(l).includes(KEY)),
      'the API key is never logged',
    );
  },
);

t.test("Polymarket: a slug that is an event, its markets and each token's history", async (t) => {
  const { data } = await when('/v1/odds/fed-cut-25-march-2026', (b) => b.data.history.length === 2);
  t.match(data, { event: { title: 'Fed decision in March 2026?' }, entities: [{ key: 'fed-funds-rate' }] });
  t.same(
    data.history.map((h: Json) => [h.outcome, h.points.length]),
    [
      ['Yes', 24],
      ['No', 24],
    ],
  );
  t.same(
    asked('/gamma/markets')
      .map((u) => u.searchParams.get('slug'))
      .filter((s) => s !== REAL_BTC)
      .sort(),
    ['fed-decision-in-march-2026', 'nosuch'],
    'a market first',
  );
  t.same(
    asked('/gamma/events')
      .map((u) => u.searchParams.get('slug'))
      .sort(),
    ['fed-decision-in-march-2026', 'nosuch'],
    'then an event',
  );
  const histories = asked('/clob/prices-history').map((u) => [
    u.searchParams.get('market'),
    u.searchParams.get('interval'),
    u.searchParams.get('fidelity'),
  ]);
  t.same(histories.filter(([token]) => token!.length < 10).sort(), [
    ['4001', 'max', '60'],
    ['4002', 'max', '60'],
  ]);
  t.match(await server.waitForLog((l) => l.msg === 'feed polymarket: market nosuch skipped'), {
    err: 'no market or event nosuch',
  });
});

t.test("Kalshi: an event's ticker, its markets and their hourly candles over the last 30 days", async (t) => {
  const { data } = await when('/v1/odds/kxfed-26mar-t3.50', (b) => b.data.history.length === 1);
  t.same(
    data.history[0].points.map((p: Json) => p.probability),
    [0.5, 0.6, 0.7],
  );
  t.same(
    data.siblings.map((s: Json) => s.slug),
    ['kxfed-26mar-t3.75'],
  );
  await when('/v1/odds/kxcpiyoy-25nov-t3.0', (b) => b.data.history.length === 1);
  t.ok(asked('/kalshi/markets/KXFED-26MAR').length >= 1, 'a market first, then the event');
  const candles = replay.requests.filter((u) => u.pathname.endsWith('/candlesticks'));
  t.same(
    candles
      .map((u) => u.pathname)
      .filter((p) => !p.includes(REAL_TICKER))
      .sort(),
    [
      '/kalshi/series/KXCPIYOY/markets/KXCPIYOY-25NOV-T3.0/candlesticks',
      '/kalshi/series/KXFED/markets/KXFED-26MAR-T3.50/candlesticks',
      '/kalshi/series/KXFED/markets/KXFED-26MAR-T3.75/candlesticks',
    ],
  );
  const q = candles[0]!.searchParams;
  t.equal(q.get('period_interval'), '60');
  t.ok(Math.abs(Number(q.get('end_ts')) - Number(q.get('start_ts')) - 30 * 86_400) <= 1, '30 days of them');
  const meta = await when('/v1/meta', (b) => b.data.coverage.oddsUpdate !== null);
  t.ok(Date.parse(meta.data.coverage.oddsUpdate) > now - 2 * 3_600_000, 'the odds are as recent as their history');
});

t.test(
  'the real samples replayed: a Gamma market and a Kalshi market as their APIs answered them',
  { skip: realSkip },
  async (t) => {
    const btc = (await when(`/v1/odds/${REAL_BTC}`, () => true)).data;
    t.match(btc, { source: 'polymarket', kind: 'binary', outcomes: [{ name: 'Up' }, { name: 'Down' }] });
    t.ok(
      asked('/clob/prices-history').some((u) => u.searchParams.get('market')!.length > 10),
      "its tokens' history asked for",
    );
    const mars = (await when(`/v1/odds/${REAL_TICKER}`, (b) => b.data.history.length === 1)).data;
    t.match(mars, { source: 'kalshi', sourceId: REAL_TICKER, status: 'open' });
    t.equal(mars.history[0].points.length, 3, 'its candles');
  },
);

t.test(
  'FRED without a key and EDGAR without a User-Agent are off, each said once; the market feeds are off without markets',
  async (t) => {
    const bare = await startServer({ env: { ...CLOCK, FRED_API_KEY: '', SEC_USER_AGENT: '' } });
    t.teardown(() => bare.dispose());
    const off = await bare.waitForLog((l) => l.msg === 'source fred off: FRED_API_KEY is not set');
    t.match(off, { level: 30, source: 'fred' });
    await bare.waitForLog(
      (l) =>
        l.source === 'sec' &&
        typeof l.msg === 'string' &&
        l.msg.startsWith('source sec off: SEC_USER_AGENT is not set'),
    );
    const said = bare.logs
      .filter((l) => typeof l.msg === 'string' && (l.msg as string).startsWith('source '))
      .map((l) => l.source);
    t.same(said.sort(), ['fred', 'sec'], 'said once each, and only of the sources that need a setting');
    const sources = await bare.waitForLog((l) => l.msg === 'sources');
    t.same(sources.sources, [], 'no feed runs');
  },
);
