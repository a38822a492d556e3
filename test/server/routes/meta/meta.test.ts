// /v1/meta, /v1/meta/vocabulary and /v1/openapi.json on the real server.
import t from 'tap';
import { CANDLE_INTERVALS, EVENT_KINDS, INSTRUMENT_KINDS, PRECISIONS } from '../../../../core/vocabulary.js';
import { createKey, startServer } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';

const server = await startServer({ env: { TAPEWIRE_ANON: '0', MOVE_FLOORS: 'crypto=12' } });
t.teardown(() => server.dispose());
const key = await createKey(server, 'meta-test');

t.test('/v1/meta: stats, coverage per dataset, dataset, now', async (t) => {
  const res = await server.get('/v1/meta', { key });
  t.equal(res.status, 200);
  const { data } = (await res.json()) as { data: Record<string, unknown> };
  t.same(Object.keys(data).sort(), ['coverage', 'dataset', 'now', 'refreshedAt', 'sources', 'stats']);
  const off = { state: 'off', lastMessageAt: null, lagMs: null, connections: 0, messages: 0, reconnects: 0, errors: 0 };
  t.same(
    data.sources,
    [
      { name: 'fred', kind: 'macro', ...off },
      { name: 'sec', kind: 'filings', ...off },
    ],
    'no live source without a sources file: only those off for a missing credential',
  );
  t.type(data.stats, 'object');
  t.same(data.coverage, {
    event: null,
    price: null,
    move: null,
    macroObservation: null,
    filing: null,
    oddsUpdate: null,
  });
  t.equal(data.dataset, null, 'no dataset loaded yet');
  t.ok(Math.abs(Date.parse(data.now as string) - clock.now()) < 5000, 'now is the current time');
});

t.test('/v1/meta/vocabulary lists every enumeration of the interface', async (t) => {
  const { data } = (await (await server.get('/v1/meta/vocabulary', { key })).json()) as {
    data: Record<string, unknown>;
  };
  t.same(data.instrumentKinds, INSTRUMENT_KINDS);
  t.same(data.eventKinds, EVENT_KINDS);
  t.same(data.candleIntervals, CANDLE_INTERVALS);
  t.same(data.precisions, PRECISIONS);
  t.same(data.form4Codes, [
    { code: 'P', meaning: 'buy' },
    { code: 'S', meaning: 'sale' },
    { code: 'M', meaning: 'exercise' },
    { code: 'A', meaning: 'award' },
    { code: 'F', meaning: 'tax' },
    { code: 'G', meaning: 'gift' },
  ]);
  t.same(data.searchTypes, [
    'instrument',
    'company',
    'person',
    'project',
    'sector',
    'macro',
    'market',
    'glossary',
    'event',
  ]);
  t.same(data.briefTypes, ['instrument', 'company', 'macro', 'person', 'project', 'sector', 'market', 'event']);
  t.equal((data.catalystKinds as string[]).length, 10);
  t.equal((data.projectStages as string[]).length, 8);
  t.same(data.milestoneStatuses, ['done', 'planned', 'slipped']);
  t.same(data.projectStatuses, ['on_track', 'at_risk', 'delayed', 'completed', 'stopped']);
  t.same(data.personKinds, ['executive', 'director', 'policymaker', 'founder']);
  t.same(data.macroCategories, [
    'rates',
    'inflation',
    'jobs',
    'growth',
    'fx',
    'commodities',
    'liquidity',
    'markets',
    'other',
  ]);
  t.same(data.macroDisplayModes, ['level', 'change', 'pct_change_mom', 'pct_change_yoy', 'rate']);
  t.same(data.macroFrequencies, ['daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'semiannual', 'annual']);
  t.same(
    [data.oddsStatuses, data.oddsIntervals, data.marketKinds],
    [
      ['open', 'closed', 'resolved'],
      ['1h', '1d'],
      ['binary', 'categorical', 'scalar'],
    ],
  );
  t.match(data.moveFloors, { crypto: 12, stock: 8 }, 'move floors follow the configuration');
});

t.test('/v1/openapi.json is generated from the route table', async (t) => {
  const doc = (await (await server.get('/v1/openapi.json', { key })).json()) as {
    openapi: string;
    info: { version: string };
    paths: Record<string, { get: { parameters: unknown[]; responses: Record<string, unknown>; security?: unknown[] } }>;
    components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
  };
  t.equal(doc.openapi, '3.1.0');
  t.equal(doc.info.version, '1.0.0');
  t.same(Object.keys(doc.paths).sort(), [
    '/live',
    '/metrics',
    '/ready',
    '/v1/brief/{type}/{key}',
    '/v1/catalysts',
    '/v1/companies',
    '/v1/companies/{company}',
    '/v1/companies/{company}/financials',
    '/v1/companies/{company}/fundamentals',
    '/v1/events',
    '/v1/events/{id}',
    '/v1/filings',
    '/v1/glossary',
    '/v1/glossary/{slug}',
    '/v1/insider-trades',
    '/v1/instruments',
    '/v1/instruments/{symbol}',
    '/v1/instruments/{symbol}/candles',
    '/v1/instruments/{symbol}/derivatives',
    '/v1/instruments/{symbol}/listings/{listingId}/candles',
    '/v1/instruments/{symbol}/moves/{date}',
    '/v1/macro',
    '/v1/macro/dashboard',
    '/v1/macro/{slug}',
    '/v1/market/snapshot',
    '/v1/market/status',
    '/v1/market/strip',
    '/v1/meta',
    '/v1/meta/vocabulary',
    '/v1/moves',
    '/v1/moves/explain',
    '/v1/odds',
    '/v1/odds/{slug}',
    '/v1/openapi.json',
    '/v1/people',
    '/v1/people/{slug}',
    '/v1/projects',
    '/v1/projects/{company}/{project}',
    '/v1/search',
    '/v1/sectors',
    '/v1/sectors/{slug}',
    '/v1/stream',
    '/v1/stream/ticket',
    '/v1/ws',
  ]);
  const meta = doc.paths['/v1/meta']!.get;
  t.ok(meta.responses['200'] && meta.responses['401'] && meta.responses['422'] && meta.responses['429']);
  t.same(doc.paths['/live']!.get.security, [], 'probes need no key');
  const stream = doc.paths['/v1/stream']!.get as unknown as {
    responses: Record<string, { content: Record<string, { schema: { anyOf: { title: string }[] } }> }>;
  };
  t.same(
    stream.responses['200']!.content['text/event-stream']!.schema.anyOf.map((m) => m.title),
    ['quote', 'venue', 'candle', 'event', 'reset', 'closed'],
    'the stream messages are described',
  );
  t.ok(doc.components.schemas.Error && doc.components.schemas.EntityRef);
  t.ok(doc.components.responses.validation_failed);
  t.notMatch(JSON.stringify(doc), /"\$id"/, 'no TypeBox internals leak');
});
