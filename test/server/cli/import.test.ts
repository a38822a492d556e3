// The import CLI over the running server's control socket and directly into DATA_DIR's database: reports, idempotence, bad files, the demo's own dataset.
import t from 'tap';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { calendarEntry, calendarPayload, wireItem, wirePayload } from '../../../core/demo/payloads.js';
import { demoWorld } from '../../../core/demo/world.js';
import { EVENT_KINDS } from '../../../core/vocabulary.js';
import { ROOT, runNode, startServer, tempDataDir, type ServerHandle } from '../../helpers/server.js';

const FIXTURES = 'test/fixtures/demo';
const importCli = (dataDir: string, ...args: string[]) => runNode('server/cli/import.ts', args, { DATA_DIR: dataDir });
/** A file as the CLI names it in its report: relative to its working directory, the repository root. */
const shown = (file: string) => relative(ROOT, file);

// What the fixtures hold, as the report gives it, the first time and every time after.
const firstReport = [
  `${FIXTURES}/calendar.json: catalysts: read 2, written 2, already stored 0; skipped 1 unreadable item`,
  '  entries[2]: scheduled: expected a non-empty string',
  `${FIXTURES}/wire.json: stories: read 2, written 2, already stored 0; skipped 3 unreadable items`,
  '  items[2]: published: expected an ISO 8601 timestamp with its offset',
  `  items[3]: category: expected one of ${EVENT_KINDS.join(', ')}`,
  '  items[4]: about[0]: "vision" is not a valid project key',
  '',
].join('\n');
const againReport = firstReport.replace('written 2, already stored 0', 'written 0, already stored 2').replace('written 2, already stored 0', 'written 0, already stored 2');

interface EventRow {
  id: number;
  kind: string;
  occurredAt: string;
  precision: string;
  headline: string;
  summary?: string;
  points?: string[];
  importance: number;
  sourceName: string;
  sourceUrl: string;
  entities: { type: string; key: string; label: string; path: string | null }[];
}
type Stats = Record<'events' | 'catalysts' | 'event_entities' | 'catalyst_entities', number>;

const events = async (server: ServerHandle): Promise<EventRow[]> => {
  const res = await server.get('/v1/events?limit=100');
  if (res.status !== 200) throw new Error(`/v1/events: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: EventRow[] }).data;
};

/**
 * The row counts of stories and catalysts from a /v1/meta snapshot counted after `since`: the counts are refreshed
 * every META_REFRESH_S (1 s here), so one refreshed more than a period later was counted after `since`.
 */
async function statsAfter(server: ServerHandle, since: number): Promise<Stats> {
  for (const deadline = Date.now() + 15_000; ; ) {
    const { data } = (await (await server.get('/v1/meta')).json()) as { data: { stats: Stats; refreshedAt: string } };
    if (Date.parse(data.refreshedAt) > since + 1000) {
      const { events, catalysts, event_entities, catalyst_entities } = data.stats;
      return { events, catalysts, event_entities, catalyst_entities };
    }
    if (Date.now() > deadline) throw new Error('/v1/meta not refreshed');
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The demo server loads for 20-30 s: it starts now, loading while the tests before its own run. No routine demo
// stories: its counts must move only if an import writes.
const demoServer = startServer({ env: { TAPEWIRE_DEMO: '1', META_REFRESH_S: '1', DEMO_NEWS_EVERY_S: '0' } });
demoServer.catch(() => {}); // reported by the test that awaits it
t.teardown(async () => (await demoServer.catch(() => null))?.dispose());

t.test('with a server running: through its control socket', async (t) => {
  const dataDir = tempDataDir();
  const server = await startServer({ dataDir, env: { TAPEWIRE_ANON: '1', META_REFRESH_S: '1' } });
  t.teardown(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cli = (...args: string[]) => importCli(dataDir, ...args);
  const scratch = mkdtempSync(join(tmpdir(), 'tw-import-'));
  t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

  let counts: Stats;
  await t.test('a directory: its valid records written, the unreadable items reported with their reasons', async (t) => {
    const run = await cli('demo', FIXTURES);
    t.equal(run.code, 0, run.stderr);
    t.equal(run.stdout, firstReport);
    t.notMatch(run.stderr, /no server owns/, 'the running server wrote them, not the CLI');

    const served = await events(server);
    t.same(served.map((e) => e.headline), ['Euro-area flash PMI steadies at 50.2', 'Apple ships a repair kit for its oldest phones'], 'newest first');
    t.match(served[1], {
      kind: 'product',
      occurredAt: '2026-11-20T14:30:00.000Z',
      precision: 'minute',
      summary: 'The kit covers batteries and screens of phones up to eight years old.',
      points: ['Batteries and screens', 'Phones up to eight years old'],
      importance: 41,
      sourceName: 'Harbor Street Wire',
      sourceUrl: 'https://wire.example/2026/11/20/apple-repair-kit-fixture-1',
    });
    t.same(
      [...served[1]!.entities].sort((a, b) => a.type.localeCompare(b.type)),
      [
        { type: 'company', key: 'apple', label: 'Apple', path: '/companies/apple' },
        { type: 'instrument', key: 'AAPL', label: 'Apple Inc.', path: '/instruments/AAPL' },
        { type: 'sector', key: 'technology', label: 'Technology', path: '/sectors/technology' },
      ],
    );
    t.match(served[0], { occurredAt: '2026-11-21T08:00:00.000Z', precision: 'hour', entities: [{ type: 'macro', key: 'ez-pmi', path: '/macro/ez-pmi' }] });

    const res = await server.get('/v1/catalysts?from=2026-01-01');
    t.equal(res.status, 200);
    const catalysts = ((await res.json()) as { data: Record<string, unknown>[] }).data;
    t.match(catalysts, [
      { kind: 'macro_release', title: 'Euro-area CPI flash estimate', expectedAt: '2027-01-07T10:00:00.000Z', confirmed: true, sourceUrl: null, consensus: null, entities: [{ type: 'macro', key: 'ez-cpi', path: '/macro/ez-cpi' }] },
      { kind: 'earnings', title: 'Apple Q1 2027 results', expectedAt: '2027-01-28T21:05:00.000Z', confirmed: false, consensus: 'EPS $2.31', sourceUrl: 'https://wire.example/calendar/apple-q1-2027-fixture' },
    ], 'soonest first');
    t.equal(catalysts.length, 2);
    counts = await statsAfter(server, Date.now());
    t.same(counts, { events: 2, catalysts: 2, event_entities: 4, catalyst_entities: 3 });
  });

  await t.test('the same directory again writes nothing', async (t) => {
    const run = await cli('demo', FIXTURES);
    t.equal(run.code, 0, run.stderr);
    t.equal(run.stdout, againReport);
    t.same(await statsAfter(server, Date.now()), counts, 'no row added, entities included');
    t.equal((await events(server)).length, 2);
  });

  const notDemo = join(scratch, 'a-not-demo.json');
  writeFileSync(notDemo, '{"feed":"x"}');
  const notJson = join(scratch, 'b-not-json.txt');
  writeFileSync(notJson, 'not json');
  const fresh = join(scratch, 'c-wire.json');
  writeFileSync(fresh, JSON.stringify({
    feed: 'tapewire-demo-wire',
    items: [{
      guid: 'scratch-1', published: '2026-11-22T12:00:00Z', precision: 'minute', category: 'news', title: 'A story of its own file',
      importance: 20, provider: 'Harbor Street Wire', link: 'https://wire.example/scratch-1', about: [{ type: 'company', id: 'apple', name: 'Apple' }],
    }],
  }));

  await t.test('a file that is not a demo payload is not imported, and the others of the run still are', async (t) => {
    const missing = join(scratch, 'd-missing.json');
    const run = await cli('demo', notDemo, notJson, missing, fresh);
    t.equal(run.code, 1, 'a file left out fails the run');
    const lines = run.stdout.split('\n');
    t.equal(lines[0], `${shown(notDemo)}: not imported: not a demo payload: expected {"feed": "tapewire-demo-wire", "items": [...]} or {"feed": "tapewire-demo-calendar", "entries": [...]}`);
    t.match(lines[1], new RegExp(`^${shown(notJson).replace(/[.]/g, '\\.')}: not imported: not JSON: `));
    t.equal(lines[2], `${shown(missing)}: not imported: no such file or directory`, 'a path that is not there is reported, not fatal');
    t.equal(lines[3], `${shown(fresh)}: stories: read 1, written 1, already stored 0`);
    t.same(lines.slice(4), [''], 'one line per file');
    const served = await events(server);
    t.equal(served.length, 3);
    t.match(served[0], { headline: 'A story of its own file', sourceUrl: 'https://wire.example/scratch-1', entities: [{ type: 'company', key: 'apple', path: '/companies/apple' }] });
  });

  await t.test('--json: one entry per file, counts or the reason it was not imported', async (t) => {
    const wire = join(ROOT, FIXTURES, 'wire.json');
    const run = await cli('demo', wire, notDemo, '--json');
    t.equal(run.code, 1);
    const report = JSON.parse(run.stdout) as unknown[];
    t.same(report, [
      {
        file: wire,
        stories: { read: 2, written: 0, existing: 2 },
        catalysts: { read: 0, written: 0, existing: 0 },
        skipped: [
          { item: 'items[2]', reason: 'published: expected an ISO 8601 timestamp with its offset' },
          { item: 'items[3]', reason: `category: expected one of ${EVENT_KINDS.join(', ')}` },
          { item: 'items[4]', reason: 'about[0]: "vision" is not a valid project key' },
        ],
      },
      { file: notDemo, error: 'not a demo payload: expected {"feed": "tapewire-demo-wire", "items": [...]} or {"feed": "tapewire-demo-calendar", "entries": [...]}' },
    ]);
    const ok = await cli('demo', fresh, '--json');
    t.equal(ok.code, 0);
    t.same(JSON.parse(ok.stdout), [{ file: fresh, stories: { read: 1, written: 0, existing: 1 }, catalysts: { read: 0, written: 0, existing: 0 }, skipped: [] }]);
  });

  await t.test('usage errors', async (t) => {
    const unknown = await cli('nosuch', FIXTURES);
    t.equal(unknown.code, 2);
    t.match(unknown.stderr, /^unknown source nosuch\nusage:/);
    t.match(unknown.stderr, /sources: demo \(/, 'the sources are named');
    t.equal(unknown.stdout, '');
    const noPaths = await cli('demo');
    t.equal(noPaths.code, 2);
    t.match(noPaths.stderr, /^name a source and at least one file or directory\nusage:/);
    const nothing = await cli();
    t.equal(nothing.code, 2);
    t.match(nothing.stderr, /usage:/);
  });
});

t.test("the demo's own dataset, in its sources' formats, is already stored", async (t) => {
  const server = await demoServer;
  t.teardown(() => server.dispose());
  const scratch = mkdtempSync(join(tmpdir(), 'tw-import-'));
  t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

  const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { loadedAt: string } } };
  const anchor = Date.parse(meta.data.dataset.loadedAt);
  const { story } = demoWorld(20261121, anchor, 1);
  const before = await statsAfter(server, Date.now());
  t.equal(before.catalysts, story.catalysts.length, 'the regenerated story is the one loaded');
  t.ok(story.events.length >= 300 && before.events >= story.events.length, `${story.events.length} stories`);

  const wire = join(scratch, 'wire.json');
  const calendar = join(scratch, 'calendar.json');
  writeFileSync(wire, JSON.stringify(wirePayload(story.events.map((e) => wireItem(e, String(e.id))))));
  writeFileSync(calendar, JSON.stringify(calendarPayload(story.catalysts.map((c) => calendarEntry(c, String(c.id))))));
  const run = await importCli(server.dataDir, 'demo', scratch);
  t.equal(run.code, 0, run.stderr);
  const [c, e] = [story.catalysts.length, story.events.length];
  t.equal(run.stdout, `${shown(calendar)}: catalysts: read ${c}, written 0, already stored ${c}\n${shown(wire)}: stories: read ${e}, written 0, already stored ${e}\n`);
  t.same(await statsAfter(server, Date.now()), before, 'no row added');
});

t.test('with no server: directly into the database, which --create makes', async (t) => {
  const dataDir = tempDataDir();
  let server: ServerHandle | null = null;
  t.teardown(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cli = (...args: string[]) => importCli(dataDir, ...args);

  const refused = await cli('demo', FIXTURES);
  t.equal(refused.code, 1);
  t.equal(refused.stdout, '');
  t.match(refused.stderr, `no server owns DATA_DIR ${dataDir} and it holds no database`);
  t.match(refused.stderr, '--create');
  t.notOk(existsSync(join(dataDir, 'pg')), 'no database made');
  t.same(readdirSync(dataDir), [], 'nothing at all written there');

  const created = await cli('demo', FIXTURES, '--create');
  t.equal(created.code, 0, created.stderr);
  t.equal(created.stdout, firstReport);
  t.match(created.stderr, /no server owns DATA_DIR: catalyst outcomes and the causes of moves are linked at its next start/);
  t.ok(existsSync(join(dataDir, 'pg', 'PG_VERSION')));

  const again = await cli('demo', FIXTURES);
  t.equal(again.code, 0, again.stderr);
  t.equal(again.stdout, againReport, 'the database now there is used without --create, and nothing is written twice');

  server = await startServer({ dataDir, env: { TAPEWIRE_ANON: '1' } });
  const served = await events(server);
  t.same(served.map((e) => e.headline), ['Euro-area flash PMI steadies at 50.2', 'Apple ships a repair kit for its oldest phones']);
  t.equal(served[1]!.sourceUrl, 'https://wire.example/2026/11/20/apple-repair-kit-fixture-1');
});
