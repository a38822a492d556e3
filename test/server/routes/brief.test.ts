// /v1/brief/{type}/{key} on the demo: for every type with data, every id resolves through its endpoint and every
// citation's sourceUrl is its story's (or catalyst's); every fact's path answers; the budget holds in JSON and in
// Markdown; keys that cannot be of their type are 400s, unknown ones and the types without data 404s, bad
// parameters 422s.

import { join } from 'node:path';
import t, { type Test } from 'tap';
import { usdCompact } from '../../../core/figures.js';
import { importFiles, ROOT, startServer } from '../../../harness/server.js';

const server = await startServer({
  env: { TAPEWIRE_DEMO: '1', RATE_LIMIT_ANON_RPM: '1000000', DEMO_NEWS_EVERY_S: '0' },
});
t.teardown(() => server.dispose());

type Json = Record<string, any>;

async function get(path: string, status = 200, headers: Record<string, string> = {}): Promise<Json> {
  const res = await server.get(path, { headers });
  const body = (await res.json()) as Json;
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

const brief = async (type: string, key: string, query = '') =>
  (await get(`/v1/brief/${type}/${encodeURIComponent(key)}${query}`)).data as Json;

/** A cause of some move, and the move: a story id the event brief is about. */
const { data: moves } = await get('/v1/moves?limit=50');
const cause = (moves as Json[]).find((m) => m.causes.length)!.causes[0];

/** Every id a brief names resolves, and its citation is the source its endpoint gives. */
async function resolves(t: Test, b: Json, label: string) {
  const citations = new Map<string, Json>(b.citations.map((c: Json) => [c.id, c]));
  t.equal(citations.size, b.citations.length, `${label}: each id cited once`);
  const eventIds = new Set<number>([...b.events.map((e: Json) => e.id), ...b.moves.flatMap((m: Json) => m.causeIds)]);
  for (const id of eventIds) {
    const { data: story } = await get(`/v1/events/${id}`);
    const c = citations.get(`event:${id}`);
    t.ok(c, `${label}: event ${id} cited`);
    t.equal(c?.sourceUrl, story.sourceUrl, `${label}: event ${id}'s citation is its story's source`);
    t.equal(c?.path, `/events/${id}`);
    const shown = b.events.find((e: Json) => e.id === id);
    if (shown)
      t.match(shown, {
        headline: story.headline,
        sourceUrl: story.sourceUrl,
        importance: story.importance,
        kind: story.kind,
      });
  }
  for (const c of b.catalysts) {
    const day = c.expectedAt.slice(0, 10);
    const { data: listed } = await get(`/v1/catalysts?from=${day}&to=${day}&limit=200`);
    const found = listed.find((x: Json) => x.id === c.id);
    t.match(
      found,
      { title: c.title, expectedAt: c.expectedAt, sourceUrl: c.sourceUrl },
      `${label}: catalyst ${c.id} is listed by /v1/catalysts`,
    );
    if (c.sourceUrl) t.equal(citations.get(`catalyst:${c.id}`)?.sourceUrl, c.sourceUrl);
  }
  for (const m of b.moves) {
    const { data: explained } = await get(`/v1${m.path}`);
    t.equal(Math.round(explained.move.pct * 100) / 100, m.pct, `${label}: move ${m.path} answers with its change`);
  }
  for (const path of new Set<string>(b.facts.map((f: Json) => f.path).filter(Boolean))) await get(`/v1${path}`);
  for (const f of b.fundamentals)
    if (f.accession)
      t.equal(citations.get(`filing:${f.accession}`)?.sourceUrl, f.sourceUrl, `${label}: ${f.metric} cites its filing`);
  for (const r of b.insiders) {
    const c = citations.get(`filing:${r.accession}`);
    t.equal(c?.sourceUrl, r.sourceUrl, `${label}: the Form 4 of ${r.insider.key}'s latest trade is cited`);
    const { data: trades } = await get(`/v1${c?.path}&sinceDays=365&code=P,S&limit=500`);
    t.ok(
      trades.some((tr: Json) => tr.accession === r.accession && tr.sourceUrl === r.sourceUrl && tr.date === r.lastDate),
      `${label}: ${r.accession} is listed by /v1${c?.path}`,
    );
  }
  const named = new Set([
    ...[...eventIds].map((id) => `event:${id}`),
    ...b.catalysts.filter((c: Json) => c.sourceUrl).map((c: Json) => `catalyst:${c.id}`),
    ...b.odds.map((m: Json) => `market:${m.slug}`),
    ...b.macro.filter((r: Json) => r.sourceUrl).map((r: Json) => `macro:${r.slug}`),
    ...b.fundamentals.filter((f: Json) => f.accession).map((f: Json) => `filing:${f.accession}`),
    ...b.insiders.map((r: Json) => `filing:${r.accession}`),
  ]);
  t.same([...citations.keys()].sort(), [...named].sort(), `${label}: nothing cited that no statement names`);
  const size = JSON.stringify({ data: b }).length;
  t.ok(size / 4 <= b.budget.maxTokens + 4, `${label}: ${size} characters within ${b.budget.maxTokens} tokens`);
}

const SUBJECTS: [string, string][] = [
  ['instrument', 'BTC'],
  ['instrument', 'aapl'],
  ['company', 'tesla'],
  ['company', 'NVDA'],
  ['person', 'helena-marsh'],
  ['person', 'ana-ribeiro'],
  ['project', 'tesla/robotaxi'],
  ['sector', 'technology'],
  ['event', String(cause.id)],
];

t.test('every type with data: ids resolve, citations are their sources, facts point at answers', async (t) => {
  for (const [type, key] of SUBJECTS) {
    const b = await brief(type, key);
    t.equal(b.subject.type, type, `${type} ${key}`);
    t.ok(b.facts.length, `${type} ${key}: facts`);
    // The demo links no story to a few of its people, such as the policymaker helena-marsh.
    if (`${type}:${key}` !== 'person:helena-marsh') t.ok(b.citations.length, `${type} ${key}: citations`);
    t.match(b.dataThrough, { event: String, price: String, move: String }, 'coverage');
    await resolves(t, b, `${type} ${key}`);
  }
});

t.test('what each type says', async (t) => {
  const btc = await brief('instrument', 'btc');
  t.match(btc.subject, { type: 'instrument', key: 'BTC', path: '/instruments/BTC' });
  t.match(btc.price, { instrument: { key: 'BTC' }, price: Number, priceLabel: 'BTC · 24/7 (venues)' });
  t.ok(btc.moves.length, 'its recent moves');
  const held = [
    (await get('/v1/odds?limit=1')).data.length ? null : 'related prediction-market odds',
    (await get('/v1/macro')).data.length ? null : 'macro backdrop',
  ];
  const pending = held.filter((p) => p !== null);
  t.equal(
    btc.notYetAvailable,
    pending.length ? `Not in this service's data yet: ${pending.join(', ')}.` : null,
    'odds and macro named only while the service holds none',
  );
  const tesla = await brief('company', 'TSLA');
  t.match(tesla.subject, { type: 'company', key: 'tesla' }, 'a ticker names its company');
  t.equal(tesla.price.instrument.key, 'TSLA');
  const facts = (await server.get('/v1/companies/apple/fundamentals')).status === 200;
  const trades = (await get('/v1/insider-trades?limit=1')).data.length > 0;
  t.equal(
    /fundamentals and valuation/.test(tesla.notYetAvailable ?? ''),
    !facts,
    'fundamentals named only while no XBRL facts are held',
  );
  t.equal(
    /insider summary/.test(tesla.notYetAvailable ?? ''),
    !trades,
    'the insider summary named only while no insider trade is held',
  );
  t.ok(
    tesla.facts.some((f: Json) => /^Segment /.test(f.text) && f.sourceUrl),
    'segments with their sources',
  );
  t.ok(tesla.catalysts.length, 'upcoming catalysts');
  const robotaxi = await brief('project', 'tesla/robotaxi');
  t.match(robotaxi.subject, { type: 'project', key: 'tesla/robotaxi' });
  t.ok(
    robotaxi.facts.some((f: Json) => /^Milestone: /.test(f.text) && f.sourceUrl),
    'milestones with their sources',
  );
  t.equal(robotaxi.price.instrument.key, 'TSLA', "the company's price");
  const story = await brief('event', String(cause.id));
  t.equal(story.events[0].id, cause.id, 'the story itself first');
  t.ok(
    story.moves.some((m: Json) => m.causeIds.includes(cause.id)),
    'the moves it caused',
  );
  t.equal(
    /the regulator filing behind it/.test(story.notYetAvailable ?? ''),
    story.dataThrough.filing === null,
    'the filing behind it named only while no filing is held',
  );
  const sector = await brief('sector', 'technology');
  t.equal(sector.price, null);
  t.ok(
    sector.facts.some((f: Json) => f.path === '/companies/apple'),
    'its companies',
  );
});

t.test('the budget: default, least, most, and what was left out', async (t) => {
  const normal = await brief('company', 'apple');
  t.equal(normal.budget.maxTokens, 4000);
  t.equal(normal.budget.estimate, 'characters / 4');
  const small = await brief('company', 'apple', '?maxTokens=500');
  t.ok(JSON.stringify(small).length / 4 <= 500, 'the least budget holds');
  t.ok(
    Object.values(small.budget.omitted as Record<string, number>).some((n) => n > 0),
    'and says what it left out',
  );
  const big = await brief('company', 'apple', '?maxTokens=16000');
  t.ok(big.events.length >= normal.events.length && big.facts.length >= normal.facts.length);
  t.same(
    big.budget.omitted,
    { facts: 0, events: 0, moves: 0, catalysts: 0, odds: 0, macro: 0, fundamentals: 0, insiders: 0 },
    'the cap holds all that was gathered',
  );
});

t.test('deterministic for the same data', async (t) => {
  const a = await server.get('/v1/brief/person/helena-marsh');
  const b = await server.get('/v1/brief/person/helena-marsh');
  t.equal(await a.text(), await b.text());
});

t.test('Markdown: by format or by Accept, citations as links, within the budget', async (t) => {
  for (const [query, headers] of [
    ['?format=markdown', {}],
    ['', { accept: 'text/markdown' }],
  ] as const) {
    const res = await server.get(`/v1/brief/company/tesla${query}`, { headers });
    t.equal(res.status, 200);
    t.equal(res.headers.get('content-type'), 'text/markdown; charset=utf-8');
    t.match(res.headers.get('vary'), /Accept/);
    const md = await res.text();
    t.match(md, /^# Tesla \(company brief\)/);
    t.match(
      md,
      /\*\*Price:\*\* \$\d{1,3}(,\d{3})*\.\d\d, [+-]\d+\.\d\d% since/,
      'the price in dollars to the cent, its change with a sign',
    );
    t.match(md, /\[event:\d+\]\(https:\/\/[^)]+\) \(API: \/v1\/events\/\d+\)/);
    t.ok(md.length / 4 <= 4000);
  }
  const json = await server.get('/v1/brief/company/tesla', {
    headers: { accept: 'text/markdown;q=0, application/json' },
  });
  t.match(json.headers.get('content-type'), /^application\/json/, 'q=0 declines it');
  const small = await (await server.get('/v1/brief/sector/technology?format=markdown&maxTokens=500')).text();
  t.ok(small.length / 4 <= 500, `the least budget in Markdown: ${small.length} characters`);
});

t.test('400, 404 and 422', async (t) => {
  const status = async (path: string) => (await server.get(path)).status;
  const code = async (path: string) => ((await (await server.get(path)).json()) as Json).error.code;
  t.equal(await status('/v1/brief/project/robotaxi'), 400, 'a project key without its company');
  t.equal(await code('/v1/brief/project/robotaxi'), 'bad_request');
  t.equal(await status('/v1/brief/event/abc'), 400, 'an event id that is not a number');
  t.equal(await status('/v1/brief/company/tesla%2Frobotaxi'), 400, 'a company key with a slash');
  t.equal(await status('/v1/brief/company/no-such-company'), 404);
  t.equal(await status('/v1/brief/instrument/NOPE'), 404);
  t.equal(await status('/v1/brief/project/tesla%2Fno-such-project'), 404);
  t.equal(await status('/v1/brief/event/99999999'), 404);
  t.equal(await status('/v1/brief/person/nobody'), 404);
  t.equal(await status('/v1/brief/macro/no-such-series'), 404);
  t.equal(await status('/v1/brief/market/no-such-market'), 404);
  t.equal(await status('/v1/brief/planet/mars'), 422, 'an unknown type');
  t.equal(await status('/v1/brief/company/tesla?maxTokens=100'), 422);
  t.equal(await status('/v1/brief/company/tesla?maxTokens=100000'), 422);
  t.equal(await status('/v1/brief/company/tesla?format=xml'), 422);
});

// Last: it adds a filer to the demo. The fixtures are a fictional filer's EDGAR files (test/fixtures/sec).
t.test(
  'a company the SEC data holds: its fundamentals cited to their filings, its insider summary to its Form 4s',
  async (t) => {
    const fixture = (name: string) => join(ROOT, 'test/fixtures/sec', name);
    const run = await importFiles(
      server.dataDir,
      'sec',
      fixture('submissions-widgets.json'),
      fixture('companyfacts-widgets.json'),
      fixture('form4-amendment.xml'),
      '--mix',
    );
    t.equal(run.code, 0, run.stderr);
    const b = await brief('company', 'WIDG');
    t.match(b.subject, { type: 'company', key: 'example-widgets' });
    t.notMatch(b.notYetAvailable ?? '', /fundamentals|insider/, 'neither part is named once SEC data is held');
    const { data: fundamentals } = await get('/v1/companies/widg/fundamentals');
    t.ok(b.fundamentals.length, 'some fundamentals');
    for (const f of b.fundamentals) {
      const [group, field] = f.metric.split('.');
      const v = fundamentals[group][field];
      const whole = group === 'ttm' || group === 'balanceSheet' || field === 'marketCap';
      t.equal(
        f.value,
        whole ? Math.round(v.value) : Math.round(v.value * 100) / 100,
        `${f.metric} as the fundamentals endpoint gives it, rounded`,
      );
      if (f.accession)
        t.ok(
          v.inputs.some((i: Json) => i.accessions.includes(f.accession)),
          `${f.metric}: its filing is one of its inputs'`,
        );
    }
    const { summary } = await get('/v1/insider-trades?company=widg&sinceDays=365&code=P,S&limit=1');
    t.same(
      b.insiderSummary,
      { sinceDays: 365, buys: summary.buys, sells: summary.sells },
      'the summary of /v1/insider-trades over the same window',
    );
    await resolves(t, b, 'company WIDG');
    const md = await (await server.get('/v1/brief/company/widg?format=markdown')).text();
    t.match(md, '## Fundamentals');
    t.match(md, '**Insiders, open market, last 365 days:**');
    const revenue = b.fundamentals.find((f: Json) => f.metric === 'ttm.revenue');
    t.ok(Number.isInteger(revenue.value) && revenue.value > 1e6, 'the JSON keeps the whole dollar amount');
    t.ok(md.includes(`- Revenue (TTM): ${usdCompact(revenue.value)} (`), 'the Markdown reads it scaled ($1.23B)');
    const margin = b.fundamentals.find((f: Json) => f.metric === 'margins.netPct');
    if (margin) t.match(md, `- Net margin: ${margin.value.toFixed(2)}%`);
    t.match(md, /open market, last 365 days:\*\* \d+ buys \([\d,]+ shares, \$[\d.]+[KMB]?, by/);
  },
);
