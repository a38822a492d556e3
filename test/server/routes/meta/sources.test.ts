// /v1/meta `sources` is the live-data health in every mode: on the demo, its simulated venue markets and newswire;
// live without a network, every venue market and polled feed down (never connected, not stale), while /ready stays
// 200 because it is about the database. The venues that never quoted are out of the pool as `down`, and the pages say
// in a banner that no venue of the instrument is live.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createKey, ROOT, startServer } from '../../../../harness/server.js';

interface Source {
  name: string;
  kind: string;
  state: string;
  connections: number;
  messages: number;
  lastMessageAt: string | null;
}
interface Venue {
  venue: string;
  market: string;
  price: number | null;
  inPool: boolean;
  reason: string | null;
}

/** A loopback port nothing listens on: connections to it are refused at once, as without a network. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

t.test('the demo: its simulated venue markets and its newswire, live', async (t) => {
  const server = await startServer({ env: { TAPEWIRE_DEMO: '1', TAPEWIRE_ANON: '0', TAPEWIRE_WEB: '1' } });
  t.teardown(() => server.dispose());
  const key = await createKey(server, 'sources');
  const instruments = ((await (await server.get('/v1/instruments', { key })).json()) as { data: { symbol: string }[] })
    .data;
  const markets = new Set<string>();
  for (const { symbol } of instruments) {
    const { data } = (await (await server.get(`/v1/instruments/${symbol}`, { key })).json()) as {
      data: { venues: Venue[] };
    };
    for (const v of data.venues) markets.add(`demo-${v.venue}-${v.market}`);
  }
  const { data } = (await (await server.get('/v1/meta', { key })).json()) as { data: { sources: Source[] } };
  const byName = new Map(data.sources.map((s) => [s.name, s]));
  t.same(
    [...byName.keys()].filter((n) => n.startsWith('demo-') && n !== 'demo-newswire').sort(),
    [...markets].sort(),
    'one per simulated venue market of its listings',
  );
  for (const name of markets)
    t.match(byName.get(name), { kind: 'venue', state: 'live', connections: 1 }, `${name} live`);
  t.ok(
    [...markets].every((n) => byName.get(n)!.messages > 0 && byName.get(n)!.lastMessageAt),
    'each quoting',
  );
  t.match(
    byName.get('demo-newswire'),
    { kind: 'news', state: 'live', connections: 1 },
    'the newswire, live while it runs',
  );
  t.match(byName.get('sec'), { kind: 'filings', state: 'off' }, 'a source missing its credential, off');

  // With its venues live, the instrument page's banner is there but hidden, for the stream to show if they go.
  t.match(
    await (await server.get('/instruments/BTC')).text(),
    /<p class="banner" id="noLiveVenue" role="status" hidden>/,
  );
  t.notMatch(await (await server.get('/')).text(), /id="noLiveVenue"/, 'the home page has none');
});

t.test('live without a network: every source down, /ready 200, venues down and the pages saying so', async (t) => {
  const port = await closedPort();
  const dir = mkdtempSync(join(tmpdir(), 'tapewire-offline-'));
  const file = JSON.parse(readFileSync(join(ROOT, 'tapewire.sources.live-crypto.json'), 'utf8'));
  file.instruments = file.instruments.filter((i: { symbol: string }) => ['BTC', 'USDT', 'USDC'].includes(i.symbol));
  file.endpoints = {};
  for (const i of file.instruments) {
    for (const l of i.listings as { venue: string; market: string }[]) {
      (file.endpoints[l.venue] ??= {})[l.market] = {
        wsUrl: `ws://127.0.0.1:${port}/ws`,
        restUrl: `http://127.0.0.1:${port}`,
      };
    }
  }
  file.news = [{ id: 'wire', name: 'A wire', url: `http://127.0.0.1:${port}/feed.xml`, everyS: 300 }];
  delete file.calendars;
  writeFileSync(join(dir, 'sources.json'), JSON.stringify(file));
  const server = await startServer({
    env: { TAPEWIRE_SOURCES: join(dir, 'sources.json'), TAPEWIRE_ANON: '0', TAPEWIRE_WEB: '1', POOL_STALE_S: '2' },
  });
  t.teardown(async () => {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  const key = await createKey(server, 'offline');

  t.equal((await server.get('/ready')).status, 200, '/ready is about the database, which serves');

  // The news feed is down once its first round failed; the venues from the start (nothing ever connected).
  let sources: Source[] = [];
  for (let tries = 0; tries < 100; tries++) {
    sources = ((await (await server.get('/v1/meta', { key })).json()) as { data: { sources: Source[] } }).data.sources;
    if (sources.every((s) => s.state !== 'live')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const venues = sources.filter((s) => s.kind === 'venue');
  t.ok(venues.length >= 5, `${venues.length} venue markets listed`);
  t.same(
    sources.filter((s) => s.state !== 'down' && s.state !== 'off'),
    [],
    'none live or stale',
  );
  t.same(
    venues.map((s) => [s.name, s.state, s.connections, s.messages]),
    venues.map((s) => [s.name, 'down', 0, 0]),
    'each venue market down: never connected',
  );
  t.match(
    sources.find((s) => s.name === 'rss'),
    { kind: 'news', state: 'down', connections: 0, messages: 0 },
    'the news feeds down',
  );

  // Past POOL_STALE_S, a venue that never quoted is still down, not stale.
  await new Promise((r) => setTimeout(r, 2_500));
  const btc = (
    (await (await server.get('/v1/instruments/BTC', { key })).json()) as {
      data: { price: number | null; venuesInPool: number; venues: Venue[] };
    }
  ).data;
  t.equal(btc.price, null);
  t.equal(btc.venuesInPool, 0);
  t.same([...new Set(btc.venues.map((v) => v.reason))], ['down'], `all ${btc.venues.length} venues of BTC out as down`);

  const page = await (await server.get('/instruments/BTC')).text();
  t.match(
    page,
    /<p class="banner" id="noLiveVenue" role="status">No venue of BTC is live/,
    'the instrument page shows the banner',
  );
  t.match(page, /out: down/);
  t.notMatch(page, /out: stale/, 'no venue said stale');
  const home = await (await server.get('/')).text();
  t.match(
    home,
    /<p class="banner" id="noLiveVenue" role="status">No venue is live for \d+ of \d+ instruments \([^)]*BTC/,
    'the home page names it',
  );
});
