// /v1/odds and /v1/odds/{slug} over real HTTP on a server filled by importing Polymarket and Kalshi files alone: every
// filter and paging, history by interval, the markets of an event, the policy rate and the FOMC catalyst a rate
// decision links; search, meta and bad input; and the real samples when present.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ODDS_STATUSES } from '../../../../core/vocabulary.js';
import { REALDATA, realdataSkip } from '../../../../harness/realdata.js';
import { importFiles, ROOT, type ServerHandle, startServer } from '../../../../harness/server.js';
import { pinnedClock } from '../../../helpers/clock.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

type Json = Record<string, any>;

const scratch = mkdtempSync(join(tmpdir(), 'tw-odds-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
const fixtureFile = (path: string) => join(ROOT, 'test/fixtures', path);
const HOUR = 3_600_000;

// Half-hourly prices of the March cut's Yes token over three days.
const START = Date.parse('2026-03-01T00:00:00Z');
const points = Array.from({ length: 144 }, (_, k) => ({
  t: (START + (k * HOUR) / 2) / 1000,
  p: Math.round((0.1 + k * 0.001) * 1e4) / 1e4,
}));
writeFileSync(join(scratch, 'prices-history.json'), JSON.stringify({ history: points }));
// The FOMC decision the March markets close on, and one three months later.
const fed = { type: 'macro', id: 'fed-funds-rate', name: 'Federal funds target rate' };
writeFileSync(
  join(scratch, 'calendar.json'),
  JSON.stringify({
    feed: 'tapewire-demo-calendar',
    entries: [
      {
        uid: 'fomc-mar',
        category: 'policy_decision',
        title: 'FOMC rate decision',
        scheduled: '2026-03-18T18:00:00Z',
        precision: 'minute',
        confirmed: true,
        description: null,
        consensus: 'Hold',
        link: null,
        about: [fed],
      },
      {
        uid: 'fomc-jun',
        category: 'policy_decision',
        title: 'FOMC rate decision',
        scheduled: '2026-06-17T18:00:00Z',
        precision: 'minute',
        confirmed: true,
        description: null,
        consensus: 'Hold',
        link: null,
        about: [fed],
      },
    ],
  }),
);

const server = await startServer({ env: { ...CLOCK, RATE_LIMIT_ANON_RPM: '1000000', META_REFRESH_S: '1' } });
t.teardown(() => server.dispose());

async function get(path: string, status = 200, on: ServerHandle = server): Promise<Json> {
  const res = await on.get(path);
  const body = (await res.json()) as Json;
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function load(on: ServerHandle, ...args: string[]): Promise<string> {
  const run = await importFiles(on.dataDir, ...args);
  if (run.code !== 0) throw new Error(`import ${args.join(' ')}: ${run.code} ${run.stdout} ${run.stderr}`);
  return run.stdout;
}

const all = async (query = ''): Promise<Json[]> => (await get(`/v1/odds?limit=200${query}`)).data;
const slugs = (list: Json[]) => list.map((m) => m.slug);

t.test('files alone fill an empty server; history of outcomes no market has is left out', async (t) => {
  const early = await load(server, 'kalshi', fixtureFile('kalshi/candlesticks_2026.json'));
  t.match(
    early,
    /oddsHistory kalshi:KXFED-26MAR-T3\.50\/yes: 3 points of an outcome no stored market has/,
    'before its market',
  );
  const poly = await load(
    server,
    'polymarket',
    fixtureFile('polymarket/gamma_event_rates.json'),
    fixtureFile('polymarket/gamma_markets.json'),
    fixtureFile('polymarket/clob_market_three_outcomes.json'),
  );
  t.match(
    poly,
    /gamma_event_rates\.json: marketEvents: read 1, written 1, already stored 0; markets: read 1, written 1, already stored 0; skipped 1 item/,
  );
  t.match(poly, /gamma_markets\.json: markets: read 6, written 6, already stored 0; skipped 3 items/);
  t.match(
    await load(server, 'polymarket', join(scratch, 'prices-history.json'), '--key', '4001'),
    /oddsHistory: read 144, written 144, already stored 0\n/,
  );
  const kalshi = await load(
    server,
    'kalshi',
    fixtureFile('kalshi/event_single_2026.json'),
    fixtureFile('kalshi/markets_cents_2025.json'),
  );
  t.match(
    kalshi,
    /event_single_2026\.json: marketEvents: read 1, written 1, already stored 0; markets: read 2, written 2, already stored 0\n/,
  );
  t.match(
    await load(
      server,
      'kalshi',
      fixtureFile('kalshi/candlesticks_2026.json'),
      fixtureFile('kalshi/candlesticks_cents_2025.json'),
    ),
    /candlesticks_2026\.json: oddsHistory: read 3, written 3/,
    'once its market is there',
  );
  t.match(
    await load(server, 'kalshi', fixtureFile('kalshi/event_single_2026.json')),
    /markets: read 2, written 0, already stored 2/,
    'unchanged markets are not written again',
  );
  await load(server, 'demo', join(scratch, 'calendar.json'), '--mix');
});

t.test('/v1/odds: open first, then the most traded; pages', async (t) => {
  const list = await all();
  t.equal(list.length, 14);
  const rank = (m: Json) => ODDS_STATUSES.indexOf(m.status);
  for (let k = 1; k < list.length; k++) {
    const [a, b] = [list[k - 1]!, list[k]!];
    t.ok(
      rank(a) < rank(b) || (rank(a) === rank(b) && (a.volume ?? -1) >= (b.volume ?? -1)),
      `${a.slug} before ${b.slug}`,
    );
  }
  t.match(
    list.find((m) => m.slug === 'fed-cut-25-march-2026'),
    {
      type: 'market',
      key: 'fed-cut-25-march-2026',
      label: 'Will the Fed cut rates by 25 bps in March 2026?',
      path: '/odds/fed-cut-25-march-2026',
      source: 'polymarket',
      sourceId: '0xfeed000000000000000000000000000000000000000000000000000000000001',
      kind: 'binary',
      outcomes: [
        { name: 'Yes', probability: 0.115 },
        { name: 'No', probability: 0.885 },
      ],
      volume: 5_100_000,
      liquidity: 210_000,
      openAt: '2026-01-29T19:00:00.000Z',
      closeAt: '2026-03-18T18:00:00.000Z',
      status: 'open',
      resolution: null,
      eventLabel: '25 bps cut',
      event: { title: 'Fed decision in March 2026?', slug: 'fed-decision-in-march-2026', mutuallyExclusive: true },
      sourceUrl: 'https://polymarket.com/event/fed-decision-in-march-2026/fed-cut-25-march-2026',
      entities: [
        { type: 'macro', key: 'fed-funds-rate', label: 'Federal funds target rate', path: '/macro/fed-funds-rate' },
      ],
    },
  );
  const first = await get('/v1/odds?limit=5');
  t.same(slugs(first.data), slugs(list.slice(0, 5)));
  t.same(first.page, { limit: 5, offset: 0, nextOffset: 5 });
  const last = await get('/v1/odds?limit=5&offset=10');
  t.same(slugs(last.data), slugs(list.slice(10)));
  t.same(last.page, { limit: 5, offset: 10, nextOffset: null });
  t.same((await get('/v1/odds?offset=100')).data, [], 'past the end');
  t.equal((await get('/v1/odds')).page.limit, 50, 'limit 50 by default');
});

t.test('/v1/odds filters: words, entity, status, category', async (t) => {
  const list = await all();
  t.same(
    slugs(await all('&q=FED%20march')),
    slugs(
      list.filter(
        (m) =>
          /fed/i.test(m.question + m.event?.title) &&
          /march/i.test(`${m.question} ${m.eventLabel} ${m.event?.title} ${m.slug}`),
      ),
    ),
  );
  t.same(slugs(await all('&q=payrolls')), ['payrolls-beat-150k-march']);
  t.same(slugs(await all('&q=nothing%20like%20it')), []);
  const rates = await all('&entity=macro:fed-funds-rate');
  t.same(slugs(rates).sort(), [
    'fed-cut-25-march-2026',
    'fed-decision-in-march-2026',
    'how-many-fed-rate-cuts-in-2026',
    'kxfed-26mar-t3.50',
    'kxfed-26mar-t3.75',
  ]);
  t.same(
    slugs(await all('&entity=MACRO:US-CPI')).sort(),
    ['cpi-above-3-february', 'kxcpiyoy-25nov-t3.0', 'kxcpiyoy-25oct-t3.0'],
    'any case',
  );
  t.equal((await all('&entity=macro:us-cpi,macro:us-payrolls')).length, 4, 'any of them');
  t.same(await all('&entity=company:apple'), []);
  t.ok((await all('&status=resolved')).every((m) => m.status === 'resolved'));
  const closed = await all('&status=CLOSED,resolved');
  t.same(slugs(closed), slugs(list.filter((m) => m.status !== 'open')), 'a list of statuses, any case');
  t.same(
    slugs(await all('&category=ECONOMICS')),
    slugs(list.filter((m) => m.category === 'economics')),
    "the source's category, any case",
  );
  t.ok((await all('&category=economics')).length >= 3);
});

t.test('/v1/odds/{slug}: history by interval, its event, its entities and the FOMC catalyst', async (t) => {
  const { data } = await get('/v1/odds/fed-cut-25-march-2026');
  t.match(data, {
    slug: 'fed-cut-25-march-2026',
    interval: '1h',
    lastUpdate: new Date(START + (143 * HOUR) / 2).toISOString(),
    bounds: null,
    openInterest: null,
  });
  t.same(
    data.history.map((h: Json) => h.outcome),
    ['Yes'],
    'only outcomes with history',
  );
  const hourly = data.history[0].points;
  t.equal(hourly.length, 72);
  t.same(
    hourly[0],
    { ts: '2026-03-01T00:00:00.000Z', probability: 0.101 },
    'the last point of each hour, at its start',
  );
  t.same(hourly.at(-1), { ts: '2026-03-03T23:00:00.000Z', probability: 0.243 });
  const daily = (await get('/v1/odds/fed-cut-25-march-2026?interval=1d')).data.history[0].points;
  t.same(daily, [
    { ts: '2026-03-01T00:00:00.000Z', probability: 0.147 },
    { ts: '2026-03-02T00:00:00.000Z', probability: 0.195 },
    { ts: '2026-03-03T00:00:00.000Z', probability: 0.243 },
  ]);
  const late = (await get('/v1/odds/fed-cut-25-march-2026?from=2026-03-03T12:00:00Z')).data;
  t.equal(late.history[0].points.length, 12);
  t.equal(late.from, '2026-03-03T12:00:00.000Z');
  t.same(
    data.catalysts.map((c: Json) => [c.title, c.expectedAt]),
    [['FOMC rate decision', '2026-03-18T18:00:00.000Z']],
    'the decision it closes on, not the next',
  );
  t.same(data.siblings, [], 'its event has no other market stored');

  const kalshi = (await get('/v1/odds/KXFED-26MAR-T3.50')).data;
  t.equal(kalshi.slug, 'kxfed-26mar-t3.50', 'by ticker, any case');
  t.same(slugs(kalshi.siblings), ['kxfed-26mar-t3.75']);
  t.match(kalshi, {
    event: { title: 'Fed funds rate after the March 2026 meeting', mutuallyExclusive: false },
    openInterest: 120400.5,
  });
  t.same(
    kalshi.history[0].points.map((p: Json) => p.probability),
    [0.76, 0.79, 0.79],
    "each candle's close",
  );
  t.same(
    kalshi.catalysts.map((c: Json) => c.title),
    ['FOMC rate decision'],
  );
  t.same(
    (await get('/v1/odds/0xFEED000000000000000000000000000000000000000000000000000000000001')).data,
    data,
    'by condition id',
  );
  const scalar = (await get('/v1/odds?q=how%20many')).data[0];
  t.match((await get(`/v1/odds/${scalar.slug}`)).data, { kind: 'scalar', bounds: { lower: 0, upper: 8 } });
});

t.test('search, meta and vocabulary know the markets; every path handed out resolves', async (t) => {
  const found = (await get('/v1/search?q=fed%20decision&type=market')).data as Json[];
  t.ok(found.length >= 1 && found.every((r) => r.type === 'market'));
  t.match(found[0], { type: 'market', key: 'fed-decision-in-march-2026', path: '/odds/fed-decision-in-march-2026' });
  t.match(
    (await get('/v1/search?q=KXFED-26MAR-T3.75')).data[0],
    { type: 'market', key: 'kxfed-26mar-t3.75' },
    "by the source's id",
  );
  const meta = (await get('/v1/meta')).data;
  t.equal(meta.coverage.oddsUpdate, '2026-03-03T23:30:00Z');
  const vocabulary = (await get('/v1/meta/vocabulary')).data;
  t.same(
    [vocabulary.oddsStatuses, vocabulary.oddsIntervals, vocabulary.marketKinds],
    [
      ['open', 'closed', 'resolved'],
      ['1h', '1d'],
      ['binary', 'categorical', 'scalar'],
    ],
  );
  for (const m of await all()) {
    const res = await server.get(`/v1${m.path}`);
    await res.arrayBuffer();
    t.equal(res.status, 200, m.path);
  }
});

t.test(
  'bad input: unknown market 404; bounds, enums, dates and repeated parameters 422; a malformed entity 400',
  async (t) => {
    t.match(await get('/v1/odds/nosuch', 404), { error: { code: 'not_found', message: 'Market nosuch not found' } });
    for (const query of [
      'limit=0',
      'limit=201',
      'offset=-1',
      'offset=100001',
      'status=pending',
      'q=a&q=b',
      'x=1',
      `q=${'q'.repeat(201)}`,
    ]) {
      t.match(await get(`/v1/odds?${query}`, 422), { error: { code: 'validation_failed' } }, query);
    }
    t.match(await get('/v1/odds?status=open,pending', 422), {
      error: { details: [{ param: 'status', message: 'not one of open, closed, resolved: pending' }] },
    });
    t.match(await get('/v1/odds?entity=planet:mars', 400), {
      error: { code: 'bad_request', details: [{ param: 'entity' }] },
    });
    for (const query of ['interval=1m', 'interval=1h&interval=1d', 'from=2026-02-30', 'from=yesterday', 'y=2']) {
      t.match(
        await get(`/v1/odds/fed-cut-25-march-2026?${query}`, 422),
        { error: { code: 'validation_failed' } },
        query,
      );
    }
    t.match(await get(`/v1/odds/${'m'.repeat(201)}`, 422), { error: { details: [{ in: 'path', param: 'slug' }] } });
  },
);

t.test(
  'the real samples: each imports, the settled Fed decision resolved No with its event',
  { skip: realdataSkip('prediction_markets') },
  async (t) => {
    const real = await startServer({ env: { ...CLOCK, RATE_LIMIT_ANON_RPM: '1000000' } });
    t.teardown(() => real.dispose());
    const poly = await importFiles(real.dataDir, 'polymarket', join(REALDATA, 'prediction_markets/polymarket'));
    t.equal(poly.code, 1, 'the prices-history answer, which does not name its token, is refused');
    t.match(
      poly.stdout,
      /clob_prices-history_2026-05-22\.json: not imported: a prices-history answer does not name its outcome token/,
    );
    t.match(
      poly.stdout,
      /clob_markets_page1_2024-09\.json: markets: read 99, written 99, already stored 0; skipped 1 item/,
    );
    t.match(
      poly.stdout,
      /data-api_trades_trump-2024\.json: oddsHistory: read 4, written 4/,
      'trades of a market imported before them',
    );
    const kalshi = await importFiles(
      real.dataDir,
      'kalshi',
      join(REALDATA, 'prediction_markets/kalshi/events_KXFEDDECISION_settled_2026.json'),
      join(REALDATA, 'prediction_markets/kalshi/markets_tickers_KXELONMARS-99_KXCOLONIZEMARS-50.json'),
    );
    t.equal(kalshi.code, 0, kalshi.stdout);
    const book = await importFiles(
      real.dataDir,
      'kalshi',
      join(REALDATA, 'prediction_markets/kalshi/orderbook_KXELONMARS-99.json'),
      '--key',
      'KXELONMARS-99',
    );
    t.match(book.stdout, /oddsHistory: read 1, written 1/, 'an order book with its ticker, at the time of its file');
    const decision = (await get('/v1/odds?entity=macro:fed-funds-rate&status=resolved', 200, real)).data as Json[];
    t.same(slugs(decision).sort(), ['kxfeddecision-26sep-c25', 'kxfeddecision-26sep-c26', 'kxfeddecision-26sep-h0']);
    t.ok(
      decision.every(
        (m) =>
          m.resolution === 'No' && m.outcomes[0].probability === 0 && m.event.title === 'Fed decision in Sep 2026?',
      ),
    );
    const trump = (await get('/v1/odds?q=trump&limit=200', 200, real)).data as Json[];
    t.ok(trump.length >= 1);
  },
);
