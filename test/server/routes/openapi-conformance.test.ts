// The OpenAPI document against the server's real answers: every route's 200 body, its error bodies and every stream
// message validate against the schemas the document publishes, as a client generated from it would check them.

import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import t, { type Test } from 'tap';
import { createKey, importFiles, ROOT, startServer } from '../../../harness/server.js';
import { listen } from '../../helpers/sse.js';
import { connect, type Frame } from '../../helpers/ws.js';

const server = await startServer({
  env: { TAPEWIRE_ANON: '0', LOG_LEVEL: 'warn', TAPEWIRE_DEMO: '1', DEMO_NEWS_EVERY_S: '1' },
});
t.teardown(() => server.dispose());
const key = await createKey(server, 'openapi', 100_000_000);
// Beside the demo's own macro series and markets, markets of the other shapes (Polymarket's and Kalshi's fixtures, with
// history) are imported.
for (const args of [
  ['polymarket', 'polymarket/gamma_event_rates.json'],
  ['kalshi', 'kalshi/event_single_2026.json'],
  ['kalshi', 'kalshi/candlesticks_2026.json'],
]) {
  const run = await importFiles(server.dataDir, args[0]!, join(ROOT, 'test/fixtures', args[1]!), '--mix');
  if (run.code !== 0) throw new Error(`import ${args[1]}: ${run.stdout} ${run.stderr}`);
}

interface Doc {
  paths: Record<
    string,
    {
      get: {
        parameters?: { name: string; in: string; required?: boolean; description?: string }[];
        responses: Record<
          string,
          { $ref?: string; content?: Record<string, { schema: { anyOf?: { title: string }[] } }> }
        >;
      };
    }
  >;
}
const doc = (await (await server.get('/v1/openapi.json', { key })).json()) as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, 'api');

const pointer = (...parts: string[]) =>
  `api#/${parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

/** Validates `body` against the schema the document gives for `template`'s answer `status`. */
function conforms(t: Test, template: string, status: string, body: unknown, label: string): void {
  const response = doc.paths[template]!.get.responses[status]!;
  const ref = response.$ref
    ? `api${response.$ref}/content/application~1json/schema`
    : pointer('paths', template, 'get', 'responses', status, 'content', 'application/json', 'schema');
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!validate(body)) t.fail(`${label}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  else t.pass(label);
}

async function answer(t: Test, template: string, url: string, status = 200): Promise<unknown> {
  const res = await server.get(url, { key });
  t.equal(res.status, status, url);
  const body = await res.json();
  conforms(t, template, String(status), body, url);
  return body;
}

t.test('every route answers as its schema says', async (t) => {
  const detail = (await answer(t, '/v1/instruments/{symbol}', '/v1/instruments/ETH')) as {
    data: { venues: { listingId: number; reason: string | null }[] };
  };
  t.ok(
    detail.data.venues.some((v) => v.reason === null),
    'venues in the pool, whose reason is null',
  );
  const listing = detail.data.venues[0]!.listingId;
  const moves = (await answer(t, '/v1/moves', '/v1/moves?limit=200')) as {
    data: { causes: { id: number }[]; path: string }[];
  };
  const cause = moves.data.find((m) => m.causes.length)!.causes[0]!.id;
  const urls: [string, string][] = [
    ['/v1/instruments', '/v1/instruments'],
    ['/v1/instruments/{symbol}', '/v1/instruments/AAPL'],
    ['/v1/instruments/{symbol}/candles', '/v1/instruments/BTC/candles?interval=1m'],
    ['/v1/instruments/{symbol}/candles', '/v1/instruments/BTC/candles'],
    [
      '/v1/instruments/{symbol}/listings/{listingId}/candles',
      `/v1/instruments/ETH/listings/${listing}/candles?interval=1h`,
    ],
    ['/v1/instruments/{symbol}/derivatives', '/v1/instruments/ETH/derivatives?perVenue=true'],
    ['/v1/market/strip', '/v1/market/strip'],
    ['/v1/market/snapshot', '/v1/market/snapshot'],
    ['/v1/market/status', '/v1/market/status'],
    ['/v1/market/status', '/v1/market/status?at=2000-01-01&sessions=30'],
    ['/v1/stream/ticket', '/v1/stream/ticket?topics=quotes,instrument:BTC'],
    ['/v1/moves', '/v1/moves?candidates=true&limit=200&offset=200'],
    ['/v1/moves/explain', '/v1/moves/explain?symbol=BTC'],
    ['/v1/events', '/v1/events?limit=100'],
    ['/v1/events', '/v1/events?order=important&limit=100'],
    ['/v1/events/{id}', `/v1/events/${cause}`],
    ['/v1/catalysts', '/v1/catalysts'],
    ['/v1/catalysts', '/v1/catalysts?from=2000-01-01&limit=200'],
    ['/v1/search', '/v1/search?q=apple'],
    ['/v1/glossary', '/v1/glossary'],
    ['/v1/glossary/{slug}', '/v1/glossary/z-score'],
    ['/v1/instruments/{symbol}/moves/{date}', `/v1${moves.data[0]!.path}`],
    ['/v1/companies', '/v1/companies'],
    ['/v1/companies/{company}', '/v1/companies/AAPL'],
    ['/v1/companies/{company}', '/v1/companies/state-street'],
    ['/v1/projects', '/v1/projects'],
    ['/v1/projects/{company}/{project}', '/v1/projects/tesla/robotaxi'],
    ['/v1/people', '/v1/people'],
    ['/v1/people/{slug}', '/v1/people/helena-marsh'],
    ['/v1/sectors', '/v1/sectors'],
    ['/v1/sectors/{slug}', '/v1/sectors/technology'],
    ['/v1/meta', '/v1/meta'],
    ['/v1/meta/vocabulary', '/v1/meta/vocabulary'],
    ['/v1/brief/{type}/{key}', '/v1/brief/company/apple'],
    ['/v1/brief/{type}/{key}', '/v1/brief/project/tesla%2Frobotaxi?maxTokens=16000'],
    ['/v1/brief/{type}/{key}', `/v1/brief/event/${cause}`],
    ['/v1/macro', '/v1/macro'],
    ['/v1/macro/dashboard', '/v1/macro/dashboard'],
    ['/v1/macro/{slug}', '/v1/macro/us-cpi'],
    ['/v1/macro/{slug}', '/v1/macro/CPIAUCSL?maxPoints=10&from=2000-01-01'],
    ['/v1/odds', '/v1/odds'],
    ['/v1/odds', '/v1/odds?entity=macro:fed-funds-rate&status=open&limit=1'],
    ['/v1/odds/{slug}', '/v1/odds/kxfed-26mar-t3.50'],
    ['/v1/odds/{slug}', '/v1/odds/fed-cut-25-march-2026?interval=1d'],
  ];
  for (const [template, url] of urls) await answer(t, template, url);
});

t.test('error bodies answer as their schemas say', async (t) => {
  await answer(t, '/v1/instruments/{symbol}', '/v1/instruments/NOPE', 404);
  await answer(t, '/v1/moves', '/v1/moves?limit=0', 422);
  await answer(t, '/v1/market/status', '/v1/market/status?at=1900-01-01', 422);
  await answer(t, '/v1/events', '/v1/events?entity=planet:mars', 400);
  await answer(t, '/v1/companies/{company}', '/v1/companies/nosuch', 404);
  await answer(t, '/v1/projects', '/v1/projects?stage=shipping', 422);
  await answer(t, '/v1/brief/{type}/{key}', '/v1/brief/project/robotaxi', 400);
  await answer(t, '/v1/brief/{type}/{key}', '/v1/brief/macro/nosuch', 404);
  await answer(t, '/v1/macro/{slug}', '/v1/macro/nosuch', 404);
  await answer(t, '/v1/macro/{slug}', '/v1/macro/us-cpi?maxPoints=9', 422);
  await answer(t, '/v1/odds', '/v1/odds?status=pending', 422);
  await answer(t, '/v1/odds', '/v1/odds?entity=planet:mars', 400);
  await answer(t, '/v1/odds/{slug}', '/v1/odds/nosuch', 404);
});

t.test('every comma-separated list parameter refuses a value it does not know, with a 422 that names it', async (t) => {
  // Entity pairs are refused as malformed (400, above); every other list is of a closed vocabulary, or of a shape
  // (EDGAR's form types, hundreds and growing, are checked by their shape): `zz!` is neither.
  const lists = Object.entries(doc.paths).flatMap(([template, item]) => {
    const query = (item.get.parameters ?? []).filter((p) => p.in === 'query');
    const required = query.filter((p) => p.required).map((p) => p.name);
    return query
      .filter((p) => /comma-separated/.test(p.description ?? '') && p.name !== 'entity')
      .map((p) => [template, p.name, required] as const);
  });
  // Values of the parameters a route requires, besides the one under test.
  const VALUES: Record<string, string> = { company: 'AAPL', q: 'apple', topics: 'quotes' };
  t.ok(
    lists.length >= 10,
    `${lists.length} list parameters: ${lists.map(([path, name]) => `${path}?${name}`).join(', ')}`,
  );
  for (const [template, name, required] of lists) {
    const path = template.replace('{company}', 'AAPL').replace('{symbol}', 'BTC');
    t.notOk(path.includes('{'), `${template}: a value for each path parameter`);
    const others = required.filter((r) => r !== name).map((r) => `&${r}=${VALUES[r] ?? t.fail(`a value for ${r}`)}`);
    const res = await server.get(`${path}?${name}=zz!${others.join('')}`, { key });
    const body = (await res.json()) as { error: { code: string; details?: { param: string }[] } };
    t.equal(res.status, 422, `${path}?${name}=zz!`);
    t.ok(
      body.error.details?.some((d) => d.param === name),
      `${path}?${name}: the detail names ${name}`,
    );
  }
});

t.test('every stream message answers as its schema says', async (t) => {
  const stream = doc.paths['/v1/stream']!.get.responses['200']!.content!['text/event-stream']!.schema;
  const base = pointer(
    'paths',
    '/v1/stream',
    'get',
    'responses',
    '200',
    'content',
    'text/event-stream',
    'schema',
    'anyOf',
  );
  const byTitle = new Map(stream.anyOf!.map((s, k) => [s.title, ajv.compile({ $ref: `${base}/${k}` })]));
  const fresh = listen(`${server.url}/v1/stream?topics=events,instrument:ETH`, { key });
  const resumed = listen(`${server.url}/v1/stream?topics=quotes`, { key, lastEventId: '12' });
  t.teardown(() => {
    fresh.close();
    resumed.close();
  });
  await fresh.until((ms) => ['quote', 'venue', 'candle', 'event'].every((e) => ms.some((m) => m.event === e)), 20_000);
  await resumed.until((ms) => ms.some((m) => m.event === 'reset'));
  for (const m of [...fresh.messages, ...resumed.messages]) {
    const validate = byTitle.get(m.event)!;
    if (!validate(m.data)) t.fail(`${m.event} ${m.id}: ${ajv.errorsText(validate.errors)}`);
  }
  t.pass(`${fresh.messages.length + resumed.messages.length} messages`);
});

t.test('every WebSocket frame answers as its schema says', async (t) => {
  const validate = ajv.compile({
    $ref: pointer('paths', '/v1/ws', 'get', 'responses', '200', 'content', 'application/json', 'schema'),
  });
  const ws = (query: string) => connect(`${server.url.replace(/^http/, 'ws')}/v1/ws${query}`, { key });
  const fresh = ws('?topics=events,instrument:ETH');
  const resumed = ws('?topics=quotes&lastEventId=12');
  t.teardown(() => {
    fresh.close();
    resumed.close();
  });
  await fresh.until((fs) => ['quote', 'venue', 'candle', 'event'].every((e) => fs.some((f) => f.type === e)), 20_000);
  await resumed.until((fs) => fs.some((f) => f.type === 'reset'));
  resumed.send({ op: 'unsubscribe', topics: ['quotes'] });
  resumed.send({ op: 'dance' });
  await resumed.until((fs) => fs.some((f) => f.error));
  const frames: Omit<Frame, 'at'>[] = [...fresh.frames, ...resumed.frames].map(({ at: _, ...frame }) => frame);
  for (const f of frames)
    if (!validate(f)) t.fail(`${JSON.stringify(f).slice(0, 80)}: ${ajv.errorsText(validate.errors)}`);
  t.ok(
    ['subscribed', 'unsubscribed', 'reset'].every((type) => frames.some((f) => f.type === type)),
    'acks and a reset among them',
  );
  t.pass(`${frames.length} frames`);
});
