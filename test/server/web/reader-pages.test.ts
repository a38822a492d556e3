// The website as a reader sees it, on the demo with a FRED series and prediction markets imported: every EntityRef
// path and every citation path the API hands out (search, briefs, stories) opens a page; then in headless Chromium
// (skipped without it) each page type shows no field name raw (camelCase or snake_case outside code and addresses),
// draws its chart where it has one, and has its screenshot written to docs/screenshots/ for the docs.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { importFiles, ROOT, startServer } from '../../../harness/server.js';
import { eachAtOnce } from '../../helpers/each-at-once.js';
import { NO_CHROMIUM, openTab, until } from './browser.js';

const SCREENSHOTS = join(ROOT, 'docs/screenshots');
/** A field name as the API spells it. Two lower-case letters at least before the capital: iPhone and eBay are words. */
const RAW_FIELD = /\b[a-z]{2,}[A-Z][a-zA-Z]*\b|\b[a-z]+_[a-z_]+\b/g;

const server = await startServer({
  env: { TAPEWIRE_DEMO: '1', RATE_LIMIT_ANON_RPM: '1000000', DEMO_NEWS_EVERY_S: '0' },
});
t.teardown(() => server.dispose());
for (const [source, file] of [
  ['fred', 'test/fixtures/fred/CPIAUCSL.json'],
  ['polymarket', 'test/fixtures/polymarket/gamma_event_rates.json'],
]) {
  const imported = await importFiles(server.dataDir, source!, join(ROOT, file!), '--mix');
  if (imported.code !== 0) throw new Error(`import of ${file} failed: ${imported.stderr}`);
}

type Json = Record<string, any>;
const json = async (path: string): Promise<any> => ((await (await server.get(path)).json()) as Json).data;

/** Every `path` an answer holds, at any depth. */
function paths(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => paths(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'path' && typeof v === 'string') out.add(v);
      else paths(v, out);
    }
  }
  return out;
}

const market = (await json('/v1/odds?limit=1'))[0].slug as string;
/** A story that caused a move: its page shows the move table, causes one to a line. */
const story = ((await json('/v1/moves?limit=100')) as Json[]).find((m) => m.causes.length)!.causes[0].id as number;

t.test('every EntityRef and citation path of search, briefs and stories opens a page', async (t) => {
  const answers = [
    '/v1/search?q=apple&limit=60',
    '/v1/search?q=rate&limit=60',
    '/v1/search?q=cpi&limit=60',
    '/v1/events?limit=100',
    '/v1/brief/company/apple',
    '/v1/brief/instrument/BTC',
    '/v1/brief/instrument/AAPL',
    '/v1/brief/sector/technology',
    '/v1/brief/macro/us-cpi',
    '/v1/brief/person/marcus-ellery',
    '/v1/brief/project/apple%2Fin-house-modem',
    `/v1/brief/market/${market}`,
    `/v1/brief/event/${story}`,
  ];
  const found = new Set<string>();
  for (const answer of answers) paths(await json(answer), found);
  for (const kind of [
    '/companies/',
    '/instruments/',
    '/events/',
    '/macro/',
    '/odds/',
    '/people/',
    '/projects/',
    '/sectors/',
    '/glossary/',
    '/filings?',
    '/insider-trades?',
    '/derivatives',
    '/moves/',
  ]) {
    t.ok(
      [...found].some((p) => p.includes(kind)),
      `the answers hand out ${kind} paths`,
    );
  }
  let failed = 0;
  await eachAtOnce([...found], 4, async (path) => {
    const res = await server.get(path);
    await res.arrayBuffer();
    if ((res.status !== 200 || !/^text\/html/.test(res.headers.get('content-type') ?? '')) && ++failed <= 10)
      t.fail(`${path}: ${res.status} ${res.headers.get('content-type')}`);
  });
  t.equal(failed, 0, `${found.size} paths, each a page`);
});

/** A page of each type: its path, the screenshot's name, and the chart it draws (if any) once its data is in. */
const PAGES: [path: string, name: string, chart?: string][] = [
  ['/', 'home'],
  ['/instruments/BTC', 'instrument', "Number(document.getElementById('chart').dataset.candles) > 0"],
  ['/instruments/BTC/derivatives', 'derivatives', "document.querySelector('#derivatives-chart canvas') !== null"],
  ['/companies/apple', 'company', "Number(document.getElementById('chart').dataset.candles) > 0"],
  ['/people/marcus-ellery', 'person'],
  ['/projects/apple/in-house-modem', 'project'],
  ['/sectors/technology', 'sector', "Number(document.getElementById('line-chart').dataset.points) > 0"],
  ['/macro/us-cpi', 'macro', "Number(document.getElementById('line-chart').dataset.points) > 0"],
  ['/macro/us-10y-yield', 'macro-rate', "Number(document.getElementById('line-chart').dataset.points) > 0"],
  [
    '/odds/us-cpi-november-2026-above-forecast',
    'market',
    "Number(document.getElementById('line-chart').dataset.points) > 0",
  ],
  ['/filings?company=apple', 'filings'],
  ['/insider-trades?company=apple', 'insider-trades'],
  [`/events/${story}`, 'event'],
  ['/moves', 'moves'],
  ['/glossary/z-score', 'glossary'],
  ['/search?q=apple', 'search'],
];

/** The page's visible text outside code, with web addresses left out (a source's address is not a field). */
const VISIBLE_TEXT = `(() => {
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!n.parentElement.closest('code, script, style, [hidden]')) out.push(n.nodeValue);
  return out.join(' ').replace(/https?:\\/\\/\\S+/g, ' ');
})()`;

t.test('in a browser', { skip: NO_CHROMIUM }, async (t) => {
  const { tab, problems } = await openTab((fn) => t.teardown(fn), 1000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  t.ok(
    'Cik 0000320193 revenueTtm'.match(RAW_FIELD) && !'iPhone sales'.match(RAW_FIELD),
    'the pattern tells a field name from a word',
  );

  for (const [path, name, chart] of PAGES) {
    await t.test(path, async (t) => {
      const res = await tab.goto(`${server.url}${path}`);
      t.equal(res?.status(), 200);
      if (chart) await until(tab, chart);
      const raw = [...new Set(((await tab.evaluate(VISIBLE_TEXT)) as string).match(RAW_FIELD) ?? [])];
      t.same(raw, [], 'no field name shown raw');
      await tab.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    });
  }
  t.same(problems, [], 'no script error and no CSP violation');
});
