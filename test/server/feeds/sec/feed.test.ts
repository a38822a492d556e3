// The SEC feed against a local replay of EDGAR (the project's own EDGAR fixtures, and Apple's real files when present):
// it declares its User-Agent on every request, reads the latest filings, then the submissions, ownership forms and
// companyfacts of covered companies, and after a restart fetches only the forms it lacks; a new filing's story goes out
// on the stream as it is written; EDGAR's 403 and 429 fail the round (backoff) and an unchanged answer (304) costs
// nothing; without SEC_USER_AGENT it stays off and says why.
// The same on any day: the SEC feed against a replay of fixed documents.

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { fixture, REALDATA, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { type Answer, startReplay } from '../../../../harness/replay.js';
import { blankDataDir, importFiles, ROOT, startServer } from '../../../../harness/server.js';
import { ConfigError, loadConfig } from '../../../../server/config.js';
import { FeedHttpError } from '../../../../server/feeds/http.js';
import { EdgarClient } from '../../../../server/feeds/sec/client.js';
import { secSource } from '../../../../server/feeds/sec/index.js';
import { listen } from '../../../helpers/sse.js';

const UA = 'Tapewire Tests tests@example.com';
const WIDGETS = '/Archives/edgar/data/999001/000120919125000123/wk-form4a_1762557493.xml';
/** The 8-K (item 2.02) the latest filings name and the imported submissions do not: a new story. */
const EARNINGS = '0000999001-25-000007';
const hasRealdata = !realdataSkip('sec_edgar');
const real = (path: string) => (hasRealdata ? readRealdata(path) : '');

const files: Record<string, () => string> = {
  '/cgi-bin/browse-edgar': () => fixture('sec/latest-filings.atom.xml'),
  '/submissions/CIK0000999001.json': () => fixture('sec/submissions-widgets.json'),
  '/api/xbrl/companyfacts/CIK0000999001.json': () => fixture('sec/companyfacts-widgets.json'),
  [WIDGETS]: () => fixture('sec/form4-amendment.xml'),
  '/submissions/CIK0000320193.json': () => real('sec_edgar/submissions/CIK0000320193.json'),
  '/api/xbrl/companyfacts/CIK0000320193.json': () => real('sec_edgar/companyfacts/CIK0000320193.json'),
};
/** The latest filings are answered once this resolves: a test opens its stream before the feed's first round. */
let latestHeld: Promise<void> = Promise.resolve();
const edgar = await startReplay(async (url, headers): Promise<Answer> => {
  if (url.pathname === '/cgi-bin/browse-edgar') await latestHeld;
  const file = files[url.pathname];
  if (!file?.()) return { status: 404, body: 'Not Found' };
  const etag = `"${url.pathname.length}"`;
  if (headers['if-none-match'] === etag) return { status: 304, body: '' };
  return { body: file(), headers: { etag } };
});
t.teardown(() => edgar.close());

t.test('EDGAR client: the declared User-Agent, 304 for an unchanged answer, 403 and 429 fail the round', async (t) => {
  const client = new EdgarClient(UA, 10);
  const signal = new AbortController().signal;
  t.ok(await client.get(`${edgar.url}/submissions/CIK0000999001.json`, signal));
  t.equal(await client.get(`${edgar.url}/submissions/CIK0000999001.json`, signal), null, 'unchanged: nothing to read');
  t.equal(edgar.headers.at(-1)!['user-agent'], UA);
  const limited = await startReplay(() => ({ status: 403, body: 'Request Rate Threshold Exceeded' }));
  t.teardown(() => limited.close());
  const err = await client.get(`${limited.url}/x`, signal).catch((e: unknown) => e);
  t.ok(err instanceof FeedHttpError && !err.itemRefused, 'a 403 is backed off like a 429, not skipped as an item');
});

t.test('without SEC_USER_AGENT the feed is off and says why; a User-Agent without an address is refused', async (t) => {
  t.match(secSource.settings(loadConfig({})), { on: false, offBecause: /SEC_USER_AGENT is not set/ });
  t.throws(() => loadConfig({ SEC_USER_AGENT: 'nobody' }), ConfigError);
  t.match(secSource.settings(loadConfig({ SEC_USER_AGENT: UA })), { on: true });
});

t.test('a covered company is kept up to date from EDGAR, and a restart fetches only what is missing', async (t) => {
  const dataDir = await blankDataDir();
  // The companies covered before the feed starts: those whose submissions were imported.
  const seed = [
    `${ROOT}/test/fixtures/sec/submissions-widgets.json`,
    ...(hasRealdata ? [join(REALDATA, 'sec_edgar/submissions/CIK0000320193.json')] : []),
  ];
  const run = await importFiles(dataDir, 'sec', '--create', ...seed);
  t.equal(run.code, 0, run.stderr);
  const env = { SEC_USER_AGENT: UA, SEC_URL: edgar.url, SEC_DATA_URL: edgar.url, RATE_LIMIT_ANON_RPM: '1000000' };
  const before = edgar.requests.length;
  let release!: () => void;
  latestHeld = new Promise((resolve) => (release = resolve));
  let server = await startServer({ dataDir, env });
  const stream = listen(`${server.url}/v1/stream?topics=events`);
  t.teardown(() => stream.close());
  await stream.opened;
  release();
  const isEarnings = (m: { event: string; data: Record<string, unknown> }) =>
    m.event === 'event' && String(m.data.sourceUrl).includes(`/${EARNINGS.replaceAll('-', '')}/`);
  await stream.until((messages) => messages.some(isEarnings), 120_000);
  stream.close();
  const told = stream.messages.find(isEarnings)!.data as { id: number; kind: string };
  t.equal(told.kind, 'earnings', "the new 8-K's story is told on the stream as it is written");
  const filings = (await (await server.get('/v1/filings?company=WIDG&form=8-K')).json()) as {
    data: { accession: string; eventId: number | null }[];
  };
  t.equal(filings.data.find((f) => f.accession === EARNINGS)?.eventId, told.id, "the story told is the filing's");
  let trades: { data: { code: string; sourceUrl: string }[] } = { data: [] };
  while (!trades.data.length) {
    await new Promise((r) => setTimeout(r, 250));
    trades = (await (await server.get('/v1/insider-trades?company=WIDG')).json()) as typeof trades;
  }
  t.ok(
    trades.data.every((tr) => tr.sourceUrl === `https://www.sec.gov${WIDGETS}`),
    'trades cite the form fetched from the archive',
  );
  const seen = edgar.requests.slice(before).map((u) => u.pathname);
  t.equal(seen[0], '/cgi-bin/browse-edgar', 'the latest filings first');
  t.ok(seen.includes(WIDGETS), 'then the ownership form it lacked');
  t.ok(
    edgar.headers.slice(before).every((h) => h['user-agent'] === UA),
    'every request declares its User-Agent',
  );
  for (;;) {
    const fin = (await (await server.get('/v1/companies/WIDG/financials?metrics=revenue')).json()) as {
      data: { quarters: unknown[] };
    };
    if (fin.data.quarters.length) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (hasRealdata) {
    for (;;) {
      const res = await server.get('/v1/companies/AAPL/financials?metrics=revenue&years=1');
      if (((await res.json()) as { data: { years: unknown[] } }).data.years.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    t.pass("Apple's real companyfacts arrive through the feed");
  }
  await server.stop();

  const again = edgar.requests.length;
  server = await startServer({ dataDir, env });
  t.teardown(() => server.dispose());
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  // The round ends with the companies' facts: once they are asked for, every form it would fetch has been.
  while (!edgar.requests.slice(again).some((u) => u.pathname === '/api/xbrl/companyfacts/CIK0000999001.json'))
    await new Promise((r) => setTimeout(r, 250));
  t.notOk(
    edgar.requests.slice(again).some((u) => u.pathname === WIDGETS),
    'the stored form is not fetched again',
  );
});

t.test(
  'with the demo: a new 8-K on the day of a move is linked as its cause at once, not at the next start',
  async (t) => {
    let ready!: (atom: string) => void;
    const latest = new Promise<string>((resolve) => (ready = resolve));
    // The latest filings are held until the test has chosen a move: the feed's first round then finds the 8-K.
    const demoEdgar = await startReplay(async (url) =>
      url.pathname === '/cgi-bin/browse-edgar' ? { body: await latest } : { status: 404, body: 'Not Found' },
    );
    t.teardown(() => demoEdgar.close());
    const env = {
      TAPEWIRE_DEMO: '1',
      DEMO_NEWS_EVERY_S: '0',
      SEC_USER_AGENT: UA,
      SEC_URL: demoEdgar.url,
      SEC_DATA_URL: demoEdgar.url,
      RATE_LIMIT_ANON_RPM: '1000000',
    };
    const server = await startServer({ env });
    t.teardown(() => server.dispose());
    type Json = Record<string, any>;
    const get = async (path: string): Promise<Json> => ((await (await server.get(path)).json()) as { data: Json }).data;

    let chosen: { move: Json; cik: string } | null = null;
    for (const move of (await get('/v1/moves?limit=100')) as Json[]) {
      const company = (await get(`/v1/instruments/${move.instrument.key}`)).company as Json | null;
      const cik = company ? ((await get(`/v1/companies/${company.key}`)).cik as string | null) : null;
      if (cik) {
        chosen = { move, cik };
        break;
      }
    }
    if (!chosen) throw new Error('no demo move of a company with a CIK');
    const { move, cik } = chosen;
    const accession = '0000950170-26-990001';
    ready(`<?xml version="1.0" encoding="ISO-8859-1" ?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Latest Filings</title>
<updated>${move.date}T16:40:00-05:00</updated>
<entry>
<title>8-K - Demo Filer (${cik}) (Filer)</title>
<link rel="alternate" type="text/html" href="https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replaceAll('-', '')}/${accession}-index.htm"/>
<summary type="html"> &lt;b&gt;Filed:&lt;/b&gt; ${move.date} &lt;b&gt;AccNo:&lt;/b&gt; ${accession} &lt;b&gt;Size:&lt;/b&gt; 1 MB
&lt;br&gt;Item 2.02: Results of Operations and Financial Condition</summary>
<updated>${move.date}T10:00:00-05:00</updated>
<category scheme="https://www.sec.gov/" label="form type" term="8-K"/>
</entry>
</feed>`);

    let eventId: number | null = null;
    while (eventId === null) {
      await new Promise((r) => setTimeout(r, 250));
      const filings = (await get(`/v1/filings?company=${move.instrument.key}&form=8-K&limit=200`)) as Json[];
      eventId = filings.find((f) => f.accession === accession)?.eventId ?? null;
    }
    let linked: Json | undefined;
    while (!linked?.causes.some((c: Json) => c.id === eventId)) {
      await new Promise((r) => setTimeout(r, 250));
      linked = ((await get(`/v1/moves?symbol=${move.instrument.key}&date=${move.date}`)) as Json[])[0];
    }
    t.match(linked!.explanation, `(event ${eventId})`, "the move's explanation names the new filing's story");
  },
);
