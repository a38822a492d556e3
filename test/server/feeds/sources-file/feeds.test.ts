// The sources file's news and calendars read live: a local server plays a publisher's RSS feed, another one named by
// NEWS_FEEDS (the shortcut, read beside the file's), the Federal Reserve calendar, and a FRED release calendar that
// needs a key; the stories and catalysts are written, the key goes in the request and never in a log line, and a
// calendar that answers in another format than its entry says is refused.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { fixture } from '../../../../harness/realdata.js';
import { startReplay } from '../../../../harness/replay.js';
import { blankDataDir, startServer } from '../../../../harness/server.js';
import { pinnedClock } from '../../../helpers/clock.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

const replay = await startReplay((url) => {
  if (url.pathname.endsWith('.rss'))
    return { body: fixture('news/wire.rss.xml'), headers: { 'content-type': 'application/rss+xml' } };
  if (url.pathname === '/fed/calendar.json') return { body: fixture('calendars/fed-calendar.json') };
  if (url.pathname === '/fred/release/dates')
    return url.searchParams.get('api_key') === 'k'.repeat(32)
      ? { body: '{"release_dates": []}' }
      : { status: 400, body: '{"error_message":"Bad Request. The value for variable api_key is not registered."}' };
  return { status: 404, body: 'none' };
});
const dataDir = await blankDataDir();
const file = join(dataDir, '..', `sources-${process.pid}.json`);
writeFileSync(
  file,
  JSON.stringify({
    instruments: [{ symbol: 'BTC', name: 'Bitcoin', kind: 'crypto', currency: 'USD', listings: [] }],
    news: [{ id: 'wire', name: 'Harbor Street Wire', url: `${replay.url}/file.rss`, everyS: 600 }],
    calendars: [
      { id: 'fed', name: 'Federal Reserve Board', format: 'fed-calendar', url: `${replay.url}/fed/calendar.json` },
      { id: 'ipos', name: 'Nasdaq IPOs', format: 'nasdaq-ipo', url: `${replay.url}/fed/calendar.json` },
      {
        id: 'fred-cpi',
        name: 'FRED: CPI release dates',
        format: 'fred-release-dates',
        url: `${replay.url}/fred/release/dates?release_id=10&file_type=json`,
        credential: 'CALENDAR_TEST_KEY',
      },
    ],
  }),
);
const server = await startServer({
  env: {
    ...CLOCK,
    TAPEWIRE_ANON: '1',
    TAPEWIRE_SOURCES: file,
    NEWS_FEEDS: `Env Wire|${replay.url}/env.rss,${replay.url}/file.rss`,
    CALENDAR_TEST_KEY: 'k'.repeat(32),
  },
  dataDir,
});
t.teardown(async () => {
  await server.dispose();
  await replay.close();
  rmSync(file, { force: true });
});

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

t.test('the file’s news feed and NEWS_FEEDS’ are read, an address in both once', async (t) => {
  const events = await until(
    async () => ((await (await server.get('/v1/events?limit=100')).json()) as { data: { headline: string }[] }).data,
    (d) => d.length >= 3,
  );
  t.equal(events.length, 3, 'the feed’s readable items, once whichever feed gave them');
  const paths = replay.requests.map((r) => r.pathname);
  t.ok(paths.includes('/env.rss'), 'NEWS_FEEDS’ own feed read');
  t.equal(
    paths.filter((p) => p === '/file.rss').length,
    1,
    'the file’s feed read once a round, though NEWS_FEEDS names it too',
  );
});

t.test('the file’s calendars become catalysts; a calendar’s key is sent and never logged', async (t) => {
  const catalysts = await until(
    async () =>
      (
        (await (await server.get('/v1/catalysts?from=2027-01-01&to=2027-02-01')).json()) as {
          data: { title: string }[];
        }
      ).data,
    (d) => d.length >= 2,
  );
  t.same(
    catalysts.map((c) => c.title),
    ['Beige Book', 'FOMC rate decision'],
  );
  await until(
    async () => replay.requests.filter((r) => r.pathname.startsWith('/fred/')),
    (r) => r.length > 0,
  );
  t.notOk(
    server.logs.some((line) => JSON.stringify(line).includes('k'.repeat(32))),
    'the key is in no log line',
  );
  t.notOk(
    server.logs.some((line) => line.level === 40 && JSON.stringify(line).includes('fred-cpi')),
    'the keyed calendar was read without a complaint',
  );
  const refused = await until(
    async () => server.logs.find((l) => l.msg === 'feed calendar: ipos skipped'),
    (l) => l !== undefined,
  );
  t.equal(refused!.err, 'expected a calendar in the nasdaq-ipo format, got one in the fed-calendar format');
});
