// /v1/search on the demo: exact before prefix before fuzzy, every type the demo has, type filters, bad input.
import t from 'tap';
import { DEMO_READER, sharedServer } from '../../../harness/shared-server.js';

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

const search = async (query: string) => {
  const res = await server.get(`/v1/search?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status}`);
  return ((await res.json()) as { data: { type: string; key: string; label: string; path: string | null }[] }).data;
};

t.test('an exact symbol or name first, then prefixes, then close spellings, then stories', async (t) => {
  const btc = await search('q=btc');
  t.match(btc[0], { type: 'instrument', key: 'BTC', label: 'Bitcoin', path: '/instruments/BTC' });
  t.ok(
    btc.slice(1).every((r) => r.type === 'event'),
    'then stories that name it',
  );
  const apple = await search('q=Apple');
  t.same(
    apple.slice(0, 2).map((r) => `${r.type}:${r.key}`),
    ['company:apple', 'instrument:AAPL'],
    'the company by its name, the share by a word of its name',
  );
  const misspelt = await search('q=nvidai');
  t.same(
    misspelt
      .slice(0, 2)
      .map((r) => r.key)
      .sort(),
    ['NVDA', 'nvidia'],
    'a misspelling finds the company and its share',
  );
  t.match((await search('q=cpi&type=macro'))[0], { type: 'macro', key: 'us-cpi', path: '/macro/us-cpi' });
  t.match((await search('q=z-score&type=glossary'))[0], { type: 'glossary', key: 'z-score' });
  const stories = await search(`q=${encodeURIComponent('"federal reserve"')}&type=event`);
  t.ok(stories.length >= 5 && stories.every((r) => r.type === 'event' && /federal reserve/i.test(r.label)));
  const typed = await search('q=fed%20rese&type=event');
  t.ok(typed.length >= 5 && typed.every((r) => /federal reserve/i.test(r.label)), 'stories by the words being typed');
});

t.test(
  '"rate cut" finds the rate cuts: stories and markets about cutting, in any word order, the open markets first',
  async (t) => {
    const found = await search(`q=${encodeURIComponent('rate cut')}&limit=20`);
    const stories = found.filter((r) => r.type === 'event');
    const cuts = stories.filter((r) => /\bcut/i.test(r.label) && /\brate/i.test(r.label));
    t.ok(
      cuts.length >= 3,
      `${cuts.length} of ${stories.length} stories say so in their headline: ${stories.map((r) => r.label).join(' | ')}`,
    );
    t.notOk(
      found.some((r) => r.type !== 'event' && !/\bcut/i.test(r.label)),
      'nothing that only has "rate" (a hold, the unemployment rate)',
    );
    const markets = (await search('q=fed&type=market&limit=50')).map((r) => r.key);
    const open = (
      (await (await server.get('/v1/odds?status=open&limit=100')).json()) as { data: { slug: string }[] }
    ).data.map((m) => m.slug);
    const firstSettled = markets.findIndex((k) => !open.includes(k));
    t.ok(
      firstSettled > 0 && markets.slice(firstSettled).every((k) => !open.includes(k)),
      'open markets before settled ones',
    );
  },
);

t.test('types: filtered', async (t) => {
  t.ok(
    (await search('q=a&type=instrument,company&limit=60')).every(
      (r) => r.type === 'instrument' || r.type === 'company',
    ),
  );
  t.match(
    (await search('q=fed%20decision&type=market'))[0],
    { type: 'market', path: /^\/odds\/kxfeddecision-/ },
    "the demo's markets on its rate decisions",
  );
  const mixed = await search('q=fed&type=market,person&limit=50');
  t.ok(mixed.some((r) => r.type === 'market') && mixed.every((r) => r.type === 'market' || r.type === 'person'));
  t.equal((await search('q=e&limit=3')).length, 3);
});

t.test('bad input', async (t) => {
  const status = async (query: string) => (await server.get(`/v1/search?${query}`)).status;
  t.equal(await status(''), 422, 'q is required');
  t.equal(await status(`q=${'a'.repeat(201)}`), 422);
  t.equal(await status('q=a&type=planet'), 422);
  t.equal(await status('q=a&limit=61'), 422);
  for (const q of ['"', 'OR', '-', "'; select 1; --", '%%%', '((', '\\'])
    t.equal(await status(`q=${encodeURIComponent(q)}`), 200, JSON.stringify(q));
});
