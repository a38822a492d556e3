// Every address the demo cites is on the reserved .example domain: each URL in the answers of every endpoint that
// serves its records (macro series, odds, filings, financials, insider trades, stories, catalysts, companies, briefs)
// is walked, whatever field holds it, and /v1/meta says so of the dataset. The demo's macro and odds come through the
// FRED, Kalshi and Polymarket parsers, which cite the real sites for real payloads: the demo's must not.
import t from 'tap';
import { createKey } from '../../../../harness/server.js';
import { DEMO_KEYED, sharedServer } from '../../../../harness/shared-server.js';

type Json = Record<string, unknown>;

// The demo behind keys, shared with the MCP tests: its loaded records are what is walked (no live story is needed).
const server = await sharedServer(DEMO_KEYED);
t.teardown(() => server.release());
const key = await createKey(server, 'citations', 1_000_000);

/** The answer at `path`; with `absent`, nothing for a 404 (a covered company may have no XBRL facts). */
async function get(path: string, absent = false): Promise<Json> {
  const res = await server.get(path, { key });
  if (absent && res.status === 404) return {};
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

/** Every page of a paged list. */
async function all(path: string, limit: number): Promise<Json[]> {
  const rows: Json[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const body = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
    rows.push(...(body.data as Json[]));
    offset = (body.page as { nextOffset: number | null }).nextOffset;
  }
  return rows;
}

interface Found {
  url: string;
  field: string;
}

/**
 * Every http(s) URL in `value` with the path of its field (array indexes left out). A company's `website` is left
 * out: it names the real company, as its ticker and CIK do, and cites nothing the demo says.
 */
function urls(value: unknown, field = ''): Found[] {
  if (typeof value === 'string') return /^https?:\/\//i.test(value) ? [{ url: value, field }] : [];
  if (Array.isArray(value)) return value.flatMap((v) => urls(v, field));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'website' ? [] : urls(v, field ? `${field}.${k}` : k)));
  }
  return [];
}

const notExample = (found: Found[]) => found.filter((f) => !new URL(f.url).hostname.endsWith('.example'));

t.test('/v1/meta: the dataset is the demo, and says its sources are on .example', async (t) => {
  const { data } = (await get('/v1/meta')) as { data: { dataset: { name: string; description: string } } };
  t.equal(data.dataset.name, 'demo');
  t.match(data.dataset.description, /not real data/);
  t.match(data.dataset.description, /every source URL points at the reserved \.example domain/);
});

// Each group: the answers walked, and the fields that must be among those found (so a field that vanished or moved
// does not pass by citing nothing).
t.test('every URL of every demo answer is on .example', async (t) => {
  const macro = (await get('/v1/macro')).data as Json[];
  const markets = await all('/v1/odds', 200);
  const companies = (await get('/v1/companies')).data as Json[];
  const details = await Promise.all(companies.map(async (c) => (await get(`/v1/companies/${c.slug}`)).data as Json));
  const filers = details.filter((c) => c.cik);
  const instruments = (await get('/v1/instruments')).data as Json[];
  const events = await all('/v1/events', 100);
  const groups: [name: string, paths: string[], fields: string[]][] = [
    [
      'macro',
      ['/v1/macro', '/v1/macro/dashboard', ...macro.map((s) => `/v1/macro/${s.slug}`)],
      ['data.sourceUrl', 'data.markets.sourceUrl', 'data.releaseStories.sourceUrl'],
    ],
    [
      'odds',
      markets.map((m) => `/v1/odds/${m.slug}`),
      ['data.sourceUrl', 'data.event.sourceUrl', 'data.siblings.sourceUrl'],
    ],
    ['filings', filers.map((c) => `/v1/filings?company=${c.slug}&limit=200`), ['data.sourceUrl']],
    [
      'financials',
      filers.flatMap((c) => [`/v1/companies/${c.slug}/financials`, `/v1/companies/${c.slug}/fundamentals`]),
      ['data.sourceUrl'],
    ],
    ['insider trades', ['/v1/insider-trades?limit=200'], ['data.sourceUrl']],
    ['catalysts', ['/v1/catalysts?limit=100'], ['data.sourceUrl']],
    [
      'companies',
      companies.map((c) => `/v1/companies/${c.slug}`),
      ['data.sourceUrl', 'data.people.sourceUrl', 'data.projects.sourceUrl'],
    ],
    [
      'briefs',
      [
        ...macro.map((s) => `/v1/brief/macro/${s.slug}`),
        ...markets.map((m) => `/v1/brief/market/${m.slug}`),
        ...companies.map((c) => `/v1/brief/company/${c.slug}`),
        ...instruments.map((i) => `/v1/brief/instrument/${i.symbol}`),
      ],
      [
        'data.citations.sourceUrl',
        'data.macro.sourceUrl',
        'data.odds.sourceUrl',
        'data.fundamentals.sourceUrl',
        'data.events.sourceUrl',
      ],
    ],
  ];
  const seen = new Map<string, number>();
  for (const [name, paths, fields] of groups) {
    const found: Found[] = [];
    for (const path of paths)
      found.push(...urls(await get(path, name === 'financials')).map((f) => ({ ...f, field: `${path} ${f.field}` })));
    const named = new Set(found.map((f) => f.field.split(' ')[1]));
    for (const field of fields) t.ok(named.has(field), `${name}: ${field} cites`);
    t.same(notExample(found).slice(0, 10), [], `${name}: ${found.length} URLs, all on .example`);
    seen.set(name, found.length);
  }
  const stories = urls(events);
  t.ok(stories.length >= events.length, `every one of ${events.length} stories cites`);
  t.same(notExample(stories).slice(0, 10), [], `stories: ${stories.length} URLs, all on .example`);
  t.same(
    [...seen].filter(([, n]) => n === 0),
    [],
    'every group cites something',
  );
});

t.test(
  "the demo's macro series and markets cite their own sites in FRED's, Kalshi's and Polymarket's formats",
  async (t) => {
    const cpi = (await get('/v1/macro/us-cpi')).data as Json;
    t.match(cpi, {
      source: 'fred',
      sourceId: 'CPIAUCSL',
      sourceUrl: 'https://fred.stlouisfed.example/series/CPIAUCSL',
    });
    const markets = await all('/v1/odds', 200);
    const bySource = (source: string) =>
      markets.filter((m) => m.source === source).map((m) => new URL(m.sourceUrl as string).hostname);
    t.same([...new Set(bySource('kalshi'))], ['kalshi.example']);
    t.same([...new Set(bySource('polymarket'))], ['polymarket.example']);
  },
);
