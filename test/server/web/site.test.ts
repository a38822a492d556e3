// The website on the demo: every page answers HTML from the services with a CSP that allows no inline script, the
// instrument page stays under 50 KB, links resolve, a story headline carrying markup renders as text, assets are
// hashed and long-cached; then in headless Chromium (skipped without it) the chart draws its candles and the price
// follows the stream. The reader's layout of each page type, and its screenshot, are reader-pages.test.ts's.

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { importFiles, ROOT, startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { NO_CHROMIUM, openTab, until } from './browser.js';

const server = await startServer({
  env: { TAPEWIRE_DEMO: '1', RATE_LIMIT_ANON_RPM: '1000000', DEMO_NEWS_EVERY_S: '0' },
});
t.teardown(() => server.dispose());
// A story whose headline carries markup, published an hour ago so that it is among the pages' latest stories whatever
// the day, and a macro series and prediction markets (the demo has none yet).
const scratch = mkdtempSync(join(tmpdir(), 'tw-site-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
const wire = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/web/xss-wire.json'), 'utf8')) as {
  items: { published: string }[];
};
wire.items[0]!.published = new Date(clock.now() - 3_600_000).toISOString();
writeFileSync(join(scratch, 'xss-wire.json'), JSON.stringify(wire));
for (const [source, file] of [
  ['demo', join(scratch, 'xss-wire.json')],
  ['fred', join(ROOT, 'test/fixtures/fred/CPIAUCSL.json')],
  ['polymarket', join(ROOT, 'test/fixtures/polymarket/gamma_event_rates.json')],
]) {
  const imported = await importFiles(server.dataDir, source!, file!, '--mix');
  if (imported.code !== 0) throw new Error(`import of ${file} failed: ${imported.stderr}`);
}

type Json = Record<string, any>;
const json = async (path: string): Promise<Json> => ((await (await server.get(path)).json()) as Json).data;
const xssId = ((await json('/v1/events?q=xsscheck')) as Json[])[0]!.id as number;
const firstPath = async (list: string) => ((await json(list)) as Json[])[0]!.path as string;

async function page(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await server.get(path);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

const hrefs = (body: string) => [...body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

t.test('every kind of page answers HTML with a CSP that allows scripts from the site only', async (t) => {
  const paths = [
    '/',
    '/instruments/BTC',
    '/instruments/aapl',
    '/moves',
    '/moves?symbol=BTC',
    '/search',
    '/search?q=apple',
    `/events/${xssId}`,
    await firstPath('/v1/companies'),
    await firstPath('/v1/projects'),
    await firstPath('/v1/people'),
    await firstPath('/v1/sectors'),
    await firstPath('/v1/glossary'),
    await firstPath('/v1/moves?limit=1'),
    await firstPath('/v1/macro'),
    await firstPath('/v1/odds'),
    '/filings',
    '/filings?company=apple',
    '/insider-trades',
    '/insider-trades?company=apple',
    '/instruments/BTC/derivatives',
  ];
  for (const path of paths) {
    const { status, body, headers } = await page(path);
    t.equal(status, 200, path);
    t.match(headers.get('content-type'), /^text\/html/, `${path} is HTML`);
    const csp = headers.get('content-security-policy') ?? '';
    t.match(csp, /script-src 'self';/, `${path}: scripts from the site only`);
    t.notMatch(/script-src[^;]*/.exec(csp)![0], /unsafe-inline/);
    t.notMatch(
      body,
      /<script(?![^>]*\bsrc=")(?![^>]*type="application\/json")[^>]*>/,
      `${path}: no inline script (data blocks only)`,
    );
  }
});

t.test('the instrument page is under 50 KB of HTML, its chart data fetched apart', async (t) => {
  const { body } = await page('/instruments/BTC');
  const bytes = Buffer.byteLength(body);
  t.ok(bytes < 50 * 1024, `${bytes} bytes`);
  t.match(body, /BTC · 24\/7 \(venues\)/, 'the pooled price is labelled');
  t.match(body, /<tbody id="venues"><tr data-listing="\d+"/, 'the venue table');
  const candles = (await json('/web/candles/BTC?interval=1m')) as Json;
  t.ok(candles.candles.length > 0 && candles.interval === '1m', 'the chart reads the candles service');
  t.equal((await page('/web/candles/BTC?interval=5m')).status, 422, 'an unknown interval is refused');
});

t.test("the home page's macro numbers read as their display mode means them", async (t) => {
  const { body } = await page('/');
  const rows = (await json('/v1/macro/dashboard')) as Json[];
  t.ok(rows.length > 0, 'some headline series');
  for (const m of rows.filter((r) => r.headline !== null)) {
    const pct = m.displayMode === 'pct_change_yoy' || m.displayMode === 'pct_change_mom';
    const cells = new RegExp(
      `<a href="${m.path}">[^<]+</a></td><td class="num">([^<]+)</td><td class="muted">([^<]*)</td>`,
    ).exec(body);
    t.ok(cells, `${m.slug} is on the home page`);
    if (!cells) continue;
    if (pct) t.match(cells[1], /^[+-]\d+\.\d\d%$/, `${m.slug}: a percent change with its sign`);
    if (pct) t.match(cells[2], /^from (a year|the period) before$/, `${m.slug}: never the level's units (${m.units})`);
    if (m.displayMode === 'change') t.match(cells[1], /^[+-]?[\d,.]+$/);
  }
});

t.test('what is not there is a plain 404 page', async (t) => {
  for (const path of [
    '/instruments/NOPE',
    '/companies/nope',
    '/events/999999999',
    '/events/abc',
    '/people/nobody',
    '/glossary/nothing',
    '/macro/nosuch',
    '/odds/nosuch',
    '/filings?company=nope',
    '/instruments/NOPE/derivatives',
  ]) {
    const { status, headers, body } = await page(path);
    t.equal(status, 404, path);
    t.match(headers.get('content-type'), /^text\/html/);
    t.match(body, /404/);
  }
});

t.test(
  "a page's bad parameter is the API's 422, as a page, never a 500 (a move page's date was handed to the database)",
  async (t) => {
    for (const path of [
      '/instruments/BTC/moves/notadate',
      '/instruments/BTC/moves/2026-02-30',
      `/instruments/${'X'.repeat(21)}/moves/2020-01-02`,
    ]) {
      const { status, headers, body } = await page(path);
      t.equal(status, 422, path);
      t.match(headers.get('content-type'), /^text\/html/);
      t.match(body, /422/);
    }
    t.equal((await page('/instruments/NOPE/moves/2020-01-02')).status, 404);
  },
);

t.test('a story headline carrying markup renders as text wherever it appears', async (t) => {
  for (const path of [`/events/${xssId}`, '/instruments/AAPL', '/companies/apple']) {
    const { body } = await page(path);
    t.notMatch(body, /<script>window\.__xss|<img src=x|<b>bold<\/b>|<i>Harbor/, `${path}: no markup from the source`);
    t.match(
      body,
      /&lt;script&gt;window.__xss = 1&lt;\/script&gt;Apple xsscheck &lt;b&gt;bold&lt;\/b&gt; &amp; &quot;quoted&quot;/,
      `${path}: the headline as text`,
    );
  }
  t.match(
    (await page(`/events/${xssId}`)).body,
    /<a href="https:\/\/wire.example\/2026\/11\/20\/xsscheck" rel="noopener nofollow">/,
    'the source is the citation',
  );
});

t.test('every link and asset of the home, instrument and company pages resolves', async (t) => {
  const seen = new Set<string>();
  for (const from of ['/', '/instruments/BTC', '/companies/apple', '/search']) {
    for (const href of hrefs((await page(from)).body))
      if (href.startsWith('/') && !href.startsWith('/v1/')) seen.add(href);
  }
  t.ok(seen.size > 50, `${seen.size} links`);
  let failed = 0;
  for (const href of seen) {
    const res = await server.get(href);
    await res.arrayBuffer();
    if (res.status !== 200 && ++failed <= 10) t.fail(`${href}: ${res.status}`);
  }
  t.equal(failed, 0);
});

t.test('assets carry their content hash and a year-long cache lifetime', async (t) => {
  const assets = hrefs((await page('/instruments/BTC')).body).filter((h) => h.startsWith('/assets/'));
  t.equal(assets.length, 4, 'stylesheet, chart library, chart and live scripts');
  for (const path of assets) {
    const res = await server.get(path);
    const body = Buffer.from(await res.arrayBuffer());
    t.equal(res.status, 200, path);
    t.match(res.headers.get('cache-control'), /max-age=31536000, immutable/);
    t.equal(
      /\.([0-9a-f]{12})\.(js|css)$/.exec(path)![1],
      createHash('sha256').update(body).digest('hex').slice(0, 12),
      `${path} is named by its content`,
    );
  }
});

t.test('the page ticket opens the stream on its topics for the viewer only', async (t) => {
  const { body } = await page('/instruments/BTC');
  const ticket = /data-ticket="([^"]+)"/.exec(body)![1]!;
  const open = await server.get(`/v1/stream?topics=instrument:BTC&ticket=${encodeURIComponent(ticket)}`, {
    method: 'HEAD',
  });
  t.equal(open.status, 200);
  t.equal(
    (await server.get(`/v1/stream?topics=quotes&ticket=${encodeURIComponent(ticket)}`, { method: 'HEAD' })).status,
    401,
    'not other topics',
  );
  const renew = (topics: string, referer?: string) =>
    server.get(`/web/ticket?topics=${topics}`, { headers: referer === undefined ? {} : { referer } });
  const fresh = await renew('instrument:BTC', `${server.url}/instruments/btc`);
  t.equal(fresh.status, 200);
  t.same(
    ((await fresh.json()) as Json).data.topics,
    ['instrument:BTC'],
    'a fresh ticket for a page whose first one expired',
  );
  t.equal((await renew('quotes', `${server.url}/`)).status, 200, "the home page's quotes");
  // With NODE_ENV=production and TAPEWIRE_WEB=1 anyone got a ticket for every topic here, and 270 events in 4 s.
  for (const [topics, referer, why] of [
    ['quotes,events', undefined, 'no page asked'],
    ['instrument:BTC', 'https://elsewhere.example/instruments/BTC', "another site's page"],
    ['events', `${server.url}/`, 'a topic no page shows'],
    ['instrument:ETH', `${server.url}/instruments/BTC`, "another instrument than the page's"],
    ['quotes', `${server.url}/instruments/BTC`, 'quotes from an instrument page'],
  ] as const) {
    const res = await renew(topics, referer);
    t.equal(res.status, 403, why);
    t.match(await res.json(), { error: { code: 'forbidden' } }, why);
  }
});

t.test('in a browser', { skip: NO_CHROMIUM }, async (t) => {
  const { tab, problems } = await openTab((fn) => t.teardown(fn), 1200);

  await t.test('the instrument page draws its candles and its price follows the stream', async (t) => {
    await tab.goto(`${server.url}/instruments/BTC`);
    await until(tab, "Number(document.getElementById('chart').dataset.candles) > 0");
    t.ok((await tab.locator('#chart canvas').count()) > 0, 'a chart canvas');
    // Colours sampled over the largest canvas: a blank one has one or two.
    const drawn = (await tab.evaluate(`(() => {
      const canvas = [...document.querySelectorAll('#chart canvas')].sort((a, b) => b.width * b.height - a.width * a.height)[0];
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set();
      for (let i = 0; i < pixels.length; i += 4 * 97) colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
      return colours.size;
    })()`)) as number;
    t.ok(drawn > 3, `the canvas is drawn (${drawn} colours sampled)`);
    const before = await tab.textContent('#price');
    await until(
      tab,
      `Number(document.body.dataset.liveUpdates) > 0 && document.getElementById('price').textContent !== ${JSON.stringify(before)}`,
    );
    t.not(await tab.textContent('#price'), before, 'the price changed from the stream');
    await tab.click('#intervals button[data-interval="1m"]');
    await until(tab, "document.getElementById('chart').dataset.interval === '1m'");
    t.ok(Number(await tab.getAttribute('#chart', 'data-candles')) > 0, '1m candles drawn');
  });

  await t.test('the home strip follows the quotes', async (t) => {
    await tab.goto(`${server.url}/`);
    await until(tab, 'Number(document.body.dataset.liveUpdates) > 0');
    t.pass('strip updated from `quotes`');
  });

  await t.test('the markup of a headline is shown, never run', async (t) => {
    await tab.goto(`${server.url}/events/${xssId}`);
    t.equal(await tab.evaluate('typeof window.__xss'), 'undefined', 'no script of the source ran');
    t.match(await tab.textContent('h1'), '<script>window.__xss = 1</script>Apple xsscheck');
  });

  await t.test('a macro page draws its series', async (t) => {
    for (const path of [await firstPath('/v1/macro')]) {
      await tab.goto(`${server.url}${path}`);
      await until(tab, "Number(document.getElementById('line-chart').dataset.points) > 0");
      t.ok((await tab.locator('#line-chart canvas').count()) > 0, `${path}: a chart canvas`);
    }
  });

  t.same(problems, [], 'no script error and no CSP violation');
});
