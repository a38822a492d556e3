// Hundreds of generated bad requests: never a 5xx, always the error shape, always a 4xx for what is wrong.
// The same on any day: generated bad requests, whose answers are errors whatever the day.

import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { createKey, importFiles, ROOT, startServer } from '../../harness/server.js';
import { clock } from '../../server/clock.js';

// The demo universe, so that the market routes get past the symbol to their handlers, and a macro series and markets
// imported, so that theirs get past the slug.
const server = await startServer({ env: { TAPEWIRE_ANON: '0', LOG_LEVEL: 'warn', TAPEWIRE_DEMO: '1' } });
t.teardown(() => server.dispose());
for (const [source, file] of [
  ['fred', 'fred/CPIAUCSL.json'],
  ['polymarket', 'polymarket/gamma_event_rates.json'],
] as const) {
  const run = await importFiles(server.dataDir, source, join(ROOT, 'test/fixtures', file), '--mix');
  if (run.code !== 0) throw new Error(`import ${file}: ${run.stdout} ${run.stderr}`);
}
const key = await createKey(server, 'fuzz', 100_000_000);

/** Days inside the demo's history, whatever day the suite runs: a month and over a year back. */
const [monthAgo, yearAgo] = [30, 400].map((days) =>
  new Date(clock.now() - days * 86_400_000).toISOString().slice(0, 10),
);

const PATHS = [
  '/v1/meta',
  '/v1/meta/vocabulary',
  '/v1/openapi.json',
  '/v1/unknown',
  '/v1/meta/x/y',
  '/live',
  '/ready',
  '/v1/instruments',
  '/v1/instruments/BTC',
  '/v1/instruments/%ff%fe',
  `/v1/instruments/${'y'.repeat(130)}`,
  '/v1/instruments/BTC/candles',
  '/v1/instruments/nope/candles',
  '/v1/market/strip',
  '/v1/instruments/BTC/listings/1/candles',
  '/v1/instruments/BTC/listings/0/candles',
  '/v1/instruments/BTC/derivatives',
  '/v1/instruments/eth/derivatives',
  '/v1/instruments/nope/derivatives',
  '/v1/stream',
  '/v1/events',
  '/v1/events/1',
  '/v1/events/0',
  '/v1/events/x',
  '/v1/moves',
  '/v1/moves/explain',
  '/v1/catalysts',
  '/v1/search',
  '/v1/glossary',
  '/v1/glossary/z-score',
  `/v1/glossary/${'g'.repeat(130)}`,
  '/v1/market/snapshot',
  '/v1/market/status',
  '/v1/companies',
  '/v1/companies/apple',
  '/v1/companies/AAPL',
  '/v1/companies/%ff',
  `/v1/companies/${'c'.repeat(130)}`,
  '/v1/projects',
  '/v1/projects/tesla/robotaxi',
  '/v1/projects/TSLA/nope',
  `/v1/projects/tesla/${'p'.repeat(130)}`,
  '/v1/projects/a/b/c',
  '/v1/people',
  '/v1/people/helena-marsh',
  `/v1/people/${'h'.repeat(130)}`,
  '/v1/sectors',
  '/v1/sectors/technology',
  '/v1/sectors/%00',
  `/v1/instruments/BTC/moves/${monthAgo}`,
  '/v1/instruments/BTC/moves/2026-02-30',
  '/v1/instruments/BTC/moves/x',
  '/v1/macro',
  '/v1/macro/dashboard',
  '/v1/macro/us-cpi',
  '/v1/macro/CPIAUCSL',
  '/v1/macro/nosuch',
  `/v1/macro/${'m'.repeat(130)}`,
  '/v1/macro/a/b',
  '/v1/odds',
  '/v1/odds/fed-cut-25-march-2026',
  '/v1/odds/nosuch',
  `/v1/odds/${'o'.repeat(210)}`,
  '/v1/odds/%ff',
];

/** A raw request, so that the bytes of the URL reach the server exactly as generated (fetch would normalise them). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, headers: { authorization: `Bearer ${key}`, ...headers } },
      (res) => {
        let body = '';
        // A request that happens to be a valid stream subscription is answered by the stream, which never ends.
        if (res.headers['content-type'] === 'text/event-stream') {
          res.destroy();
          return resolve({ status: res.statusCode ?? 0, body: '' });
        }
        res.setEncoding('latin1');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const urlByte = fc.oneof(
  fc.constantFrom(
    '%',
    '%%',
    '%zz',
    '%ff',
    '%c3',
    '%e0%a4',
    '%00',
    '+',
    '&',
    '=',
    '&&',
    '==',
    '?',
    '#',
    '%2F',
    '..',
    '/',
  ),
  fc.string({ minLength: 0, maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e999', '0x10', 'true', 'null', ''),
  fc.constantFrom(
    'quotes',
    'quotes,',
    'instrument:',
    'instrument:%ff',
    'instrument:btc,events',
    'events,,x',
    'instrument:BTC:1',
  ),
  fc.constantFrom(
    '2026-02-30',
    monthAgo,
    'BTC',
    'instrument,event',
    'glossary',
    'company:apple',
    'project:a/b/c',
    'macro:',
    ':x',
    'earnings,,',
    '%22federal%20reserve%22%20-holds',
    '%22',
    'OR%20-',
    'important',
  ),
  fc.constantFrom(
    'pilot,testing',
    'PILOT',
    'shipping',
    'pilot,,',
    'tsla',
    'nosuch',
    'person:helena-marsh',
    'project:tesla/robotaxi',
    'sector,project',
  ),
  fc.constantFrom(
    '9',
    '10',
    '100000',
    '100001',
    '1h',
    '1d',
    '1m',
    'open',
    'OPEN,resolved',
    'pending',
    'economy',
    'macro:fed-funds-rate',
    'market:x',
    yearAgo,
    '2025-8-1',
  ),
);
const queryPart = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        'limit',
        'offset',
        'q',
        'from',
        'to',
        'interval',
        'kind',
        'perVenue',
        'topics',
        'entity',
        'symbol',
        'company',
        'excludeKind',
        'minImportance',
        'order',
        'type',
        'date',
        'minPct',
        'minZ',
        'candidates',
        'stage',
        'maxPoints',
        'status',
        'category',
      ),
      urlByte,
    ),
    urlByte,
  )
  .map(([k, v]) => `${k}=${v}`);
const badUrl = fc
  .tuple(fc.constantFrom(...PATHS), fc.array(queryPart, { minLength: 1, maxLength: 6 }), fc.boolean())
  .map(([path, parts, repeat]) => `${path}?${parts.join('&')}${repeat && parts[0] ? `&${parts[0]}` : ''}`);

t.test('generated bad queries never produce a 5xx', async (t) => {
  const samples = fc.sample(badUrl, { numRuns: 400, seed: 20261121 });
  let checked = 0;
  for (const url of samples) {
    const { status, body } = await raw(url);
    if (status >= 500 || status === 0) t.fail(`${url} -> ${status} ${body}`);
    if (status >= 400) {
      const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
      if (typeof parsed.error?.code !== 'string' || typeof parsed.error?.message !== 'string')
        t.fail(`${url}: not the error shape: ${body}`);
    }
    checked++;
  }
  t.equal(checked, 400);
});

t.test(
  'a NUL character is refused as a validation error wherever a string goes, not passed to the database',
  async (t) => {
    for (const url of [
      '/v1/events?q=%00',
      '/v1/events?q=bitcoin%00',
      '/v1/search?q=a%00b',
      '/v1/catalysts?entity=company:a%00',
      '/v1/glossary/z%00',
      '/v1/instruments/BT%00C',
      '/v1/companies/a%00',
      '/v1/people/a%00',
      '/v1/projects?company=a%00',
      '/v1/projects/a/b%00',
      '/v1/sectors/a%00',
      '/v1/macro/a%00',
      '/v1/odds?q=%00',
      '/v1/odds?category=x%00',
      '/v1/odds/a%00',
    ]) {
      const { status, body } = await raw(url);
      t.equal(status, 422, url);
      t.match(JSON.parse(body), { error: { code: 'validation_failed', details: [{ message: /NUL/ }] } }, url);
    }
  },
);

t.test('a search of chained negations is answered, not a database stack overflow (a 500 before)', async (t) => {
  for (const q of ['-'.repeat(40), `${'- '.repeat(40)}bitcoin`, `${'-!'.repeat(40)}x`, `${'-('.repeat(33)}fed`]) {
    const { status, body } = await raw(`/v1/events?q=${encodeURIComponent(q)}`);
    t.equal(status, 200, `${q.slice(0, 12)}...: ${body.slice(0, 200)}`);
  }
});

t.test('overlong URLs and header values are refused without a 5xx', async (t) => {
  for (const length of [2_000, 8_000, 20_000]) {
    const res = await raw(`/v1/meta?q=${'a'.repeat(length)}`).catch(() => ({ status: -1, body: 'connection closed' }));
    t.ok(res.status === -1 || (res.status >= 400 && res.status < 500), `${length}-byte query: ${res.status}`);
  }
  const longKey = await raw('/v1/meta', { authorization: `Bearer live_${'a'.repeat(3000)}` }).catch(() => ({
    status: -1,
    body: '',
  }));
  t.ok(longKey.status === -1 || longKey.status === 401 || longKey.status === 431, `long key: ${longKey.status}`);
});

t.test('non-UTF-8 path parameters and bytes', async (t) => {
  for (const path of ['/v1/meta%ff', '/v1/%c3%28', '/v1/meta?%ff=%fe', '/v1/\u00e9']) {
    const res = await raw(encodeURI(path) === path ? path : path).catch(() => ({ status: -1, body: '' }));
    t.ok(res.status === -1 || (res.status >= 400 && res.status < 500), `${path}: ${res.status}`);
  }
});

t.test('the server still answers after all that', async (t) => {
  t.equal((await server.get('/v1/meta', { key })).status, 200);
});
