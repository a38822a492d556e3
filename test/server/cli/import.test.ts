// The import CLI over the running server's control socket and directly into DATA_DIR's database: reports, idempotence, bad files, the demo's own dataset.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import t from 'tap';
import { demoDataset } from '../../../core/demo/payloads.js';
import { EVENT_KINDS } from '../../../core/vocabulary.js';
import {
  blankDataDir,
  importFiles,
  ROOT,
  type ServerHandle,
  startServer,
  tempDataDir,
} from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

const FIXTURES = 'test/fixtures/demo';
/** A file as the CLI names it in its report: relative to its working directory, the repository root. */
const shown = (file: string) => relative(ROOT, file);

// What the fixtures hold, as the report gives it, the first time and every time after.
const firstReport = [
  `${FIXTURES}/calendar.json: catalysts: read 2, written 2, already stored 0; skipped 1 item`,
  '  entries[2]: scheduled: expected a non-empty string',
  `${FIXTURES}/wire.json: stories: read 2, written 2, already stored 0; skipped 3 items`,
  '  items[2]: published: expected an ISO 8601 timestamp with its offset',
  `  items[3]: category: expected one of ${EVENT_KINDS.join(', ')}`,
  '  items[4]: about[0]: "vision" is not a valid project key',
  '',
].join('\n');
const againReport = firstReport
  .replace('written 2, already stored 0', 'written 0, already stored 2')
  .replace('written 2, already stored 0', 'written 0, already stored 2');

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
 * The row counts of stories and catalysts from a /v1/meta snapshot counted after the call, by the server's own clock:
 * the counts are refreshed every META_REFRESH_S (1 s here), so one refreshed more than a period after the server's
 * `now` at the call was counted after it.
 */
async function statsAfter(server: ServerHandle): Promise<Stats> {
  let since: number | null = null;
  for (const deadline = performance.now() + 15_000; ; ) {
    const { data } = (await (await server.get('/v1/meta')).json()) as {
      data: { stats: Stats; refreshedAt: string; now: string };
    };
    since ??= Date.parse(data.now);
    if (Date.parse(data.refreshedAt) > since + 1000) {
      const { events, catalysts, event_entities, catalyst_entities } = data.stats;
      return { events, catalysts, event_entities, catalyst_entities };
    }
    if (performance.now() > deadline) throw new Error('/v1/meta not refreshed');
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The demo server starts now, while the tests before its own run. On the live clock, as its test writes no date: it
// starts on a copy of the run's demo (harness/data-templates.ts) instead of loading one for 20-30 s. No routine demo
// stories: its counts must move only if an import writes.
const demoServer = startServer({ env: { TAPEWIRE_DEMO: '1', META_REFRESH_S: '1', DEMO_NEWS_EVERY_S: '0' } });
demoServer.catch(() => {}); // reported by the test that awaits it
t.teardown(async () => (await demoServer.catch(() => null))?.dispose());

t.test('with a server running: through its control socket', async (t) => {
  const dataDir = await blankDataDir();
  const server = await startServer({ dataDir, env: { ...CLOCK, TAPEWIRE_ANON: '1', META_REFRESH_S: '1' } });
  t.teardown(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cli = (...args: string[]) => importFiles(dataDir, ...args);
  const scratch = mkdtempSync(join(tmpdir(), 'tw-import-'));
  t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

  let counts: Stats;
  await t.test(
    'a directory: its valid records written, the unreadable items reported with their reasons',
    async (t) => {
      const run = await cli('demo', FIXTURES);
      t.equal(run.code, 0, run.stderr);
      t.equal(run.stdout, firstReport);
      t.notMatch(run.stderr, /no server owns/, 'the running server wrote them, not the CLI');

      const served = await events(server);
      t.same(
        served.map((e) => e.headline),
        ['Euro-area flash PMI steadies at 50.2', 'Apple ships a repair kit for its oldest phones'],
        'newest first',
      );
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
      t.match(served[0], {
        occurredAt: '2026-11-21T08:00:00.000Z',
        precision: 'hour',
        entities: [{ type: 'macro', key: 'ez-pmi', path: '/macro/ez-pmi' }],
      });

      const res = await server.get('/v1/catalysts?from=2026-01-01');
      t.equal(res.status, 200);
      const catalysts = ((await res.json()) as { data: Record<string, unknown>[] }).data;
      t.match(
        catalysts,
        [
          {
            kind: 'macro_release',
            title: 'Euro-area CPI flash estimate',
            expectedAt: '2027-01-07T10:00:00.000Z',
            confirmed: true,
            sourceUrl: null,
            consensus: null,
            entities: [{ type: 'macro', key: 'ez-cpi', path: '/macro/ez-cpi' }],
          },
          {
            kind: 'earnings',
            title: 'Apple Q1 2027 results',
            expectedAt: '2027-01-28T21:05:00.000Z',
            confirmed: false,
            consensus: 'EPS $2.31',
            sourceUrl: 'https://wire.example/calendar/apple-q1-2027-fixture',
          },
        ],
        'soonest first',
      );
      t.equal(catalysts.length, 2);
      counts = await statsAfter(server);
      t.same(counts, { events: 2, catalysts: 2, event_entities: 4, catalyst_entities: 3 });
    },
  );

  await t.test('the same directory again writes nothing', async (t) => {
    const run = await cli('demo', FIXTURES);
    t.equal(run.code, 0, run.stderr);
    t.equal(run.stdout, againReport);
    t.same(await statsAfter(server), counts, 'no row added, entities included');
    t.equal((await events(server)).length, 2);
  });

  const notDemo = join(scratch, 'a-not-demo.json');
  writeFileSync(notDemo, '{"feed":"x"}');
  const notJson = join(scratch, 'b-not-json.txt');
  writeFileSync(notJson, 'not json');
  const fresh = join(scratch, 'c-wire.json');
  writeFileSync(
    fresh,
    JSON.stringify({
      feed: 'tapewire-demo-wire',
      items: [
        {
          guid: 'scratch-1',
          published: '2026-11-22T12:00:00Z',
          precision: 'minute',
          category: 'news',
          title: 'A story of its own file',
          importance: 20,
          provider: 'Harbor Street Wire',
          link: 'https://wire.example/scratch-1',
          about: [{ type: 'company', id: 'apple', name: 'Apple' }],
        },
      ],
    }),
  );

  await t.test('a file that is not a demo payload is not imported, and the others of the run still are', async (t) => {
    const missing = join(scratch, 'd-missing.json');
    const run = await cli('demo', notDemo, notJson, missing, fresh);
    t.equal(run.code, 1, 'a file left out fails the run');
    const lines = run.stdout.split('\n');
    t.equal(
      lines[0],
      `${shown(notDemo)}: not imported: not a demo payload: expected {"feed": "tapewire-demo-wire", "items": [...]}, {"feed": "tapewire-demo-calendar", "entries": [...]} or {"feed": "tapewire-profiles", ...}`,
    );
    t.match(lines[1], new RegExp(`^${shown(notJson).replace(/[.]/g, '\\.')}: not imported: not JSON: `));
    t.equal(
      lines[2],
      `${shown(missing)}: not imported: no such file or directory`,
      'a path that is not there is reported, not fatal',
    );
    t.equal(lines[3], `${shown(fresh)}: stories: read 1, written 1, already stored 0`);
    t.same(lines.slice(4), [''], 'one line per file');
    const served = await events(server);
    t.equal(served.length, 3);
    t.match(served[0], {
      headline: 'A story of its own file',
      sourceUrl: 'https://wire.example/scratch-1',
      entities: [{ type: 'company', key: 'apple', path: '/companies/apple' }],
    });
  });

  await t.test('--json: one entry per file, counts or the reason it was not imported', async (t) => {
    const wire = join(ROOT, FIXTURES, 'wire.json');
    const run = await cli('demo', wire, notDemo, '--json');
    t.equal(run.code, 1);
    const report = JSON.parse(run.stdout) as unknown[];
    t.same(report, [
      {
        file: wire,
        counts: { stories: { read: 2, written: 0, existing: 2 } },
        skipped: [
          { item: 'items[2]', reason: 'published: expected an ISO 8601 timestamp with its offset' },
          { item: 'items[3]', reason: `category: expected one of ${EVENT_KINDS.join(', ')}` },
          { item: 'items[4]', reason: 'about[0]: "vision" is not a valid project key' },
        ],
      },
      {
        file: notDemo,
        error:
          'not a demo payload: expected {"feed": "tapewire-demo-wire", "items": [...]}, {"feed": "tapewire-demo-calendar", "entries": [...]} or {"feed": "tapewire-profiles", ...}',
      },
    ]);
    const ok = await cli('demo', fresh, '--json');
    t.equal(ok.code, 0);
    t.same(JSON.parse(ok.stdout), [
      { file: fresh, counts: { stories: { read: 1, written: 0, existing: 1 } }, skipped: [] },
    ]);
  });

  await t.test(
    'profiles: reference data written, replaced when it changed, refused when it names what is not there',
    async (t) => {
      const coverage = join(ROOT, 'test/fixtures/profiles/coverage.json');
      // The database holds the demo's stories (imported above): curated profiles are real data, refused without --mix.
      const refused = await cli('profiles', coverage);
      t.equal(refused.code, 1, 'a real source into the demo database is refused');
      t.match(refused.stderr, /holds the demo universe.*TAPEWIRE_DEMO=0.*--mix/s, 'naming both ways forward');
      t.equal(refused.stdout, '', 'before any file was read');
      t.equal((await server.get('/v1/companies/exch')).status, 404, 'nothing was written');
      const first = await cli('profiles', coverage, '--mix');
      t.equal(first.code, 0, first.stderr);
      t.equal(
        first.stdout,
        `${shown(coverage)}: sectors: read 1, written 1, already stored 0; companies: read 2, written 2, already stored 0; people: read 1, written 1, already stored 0; projects: read 1, written 1, already stored 0\n`,
      );
      const again = await cli('profiles', coverage, '--mix');
      t.equal(
        again.stdout,
        first.stdout.replaceAll(/written (\d), already stored 0/g, 'written 0, already stored $1'),
        'the same file again changes nothing',
      );

      const company = async (key: string) => {
        const res = await server.get(`/v1/companies/${key}`);
        return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
      };
      const served = await company('exch');
      t.equal(served.status, 200, 'found by its ticker in any case, once imported');
      t.match(served.body.data, {
        slug: 'example-chips',
        cik: '0001234567',
        employees: 5400,
        source: 'profiles',
        sector: { type: 'sector', key: 'semiconductors', path: '/sectors/semiconductors' },
        people: [{ person: { key: 'jane-example' }, title: 'Chief Executive Officer', current: true }],
        projects: [
          { key: 'example-chips/gan-chargers', nextMilestone: { name: 'Volume production', status: 'slipped' } },
        ],
        peers: [{ company: { key: 'example-foundry', path: '/companies/example-foundry' } }],
      });

      const doc = JSON.parse(readFileSync(coverage, 'utf8')) as {
        companies: { employees?: number }[];
        projects: { company: string }[];
        people: unknown[];
      };
      doc.companies[0]!.employees = 5600;
      doc.projects.push({ ...doc.projects[0]!, company: 'nobody' } as never);
      const changed = join(scratch, 'changed.json');
      writeFileSync(changed, JSON.stringify(doc));
      const update = await cli('profiles', changed, '--mix');
      t.equal(update.code, 0, update.stderr);
      t.match(
        update.stdout,
        /companies: read 2, written 1, already stored 1; people: read 1, written 0, already stored 1; projects: read 2, written 0, already stored 1; skipped 1 item\n {2}projects nobody\/gan-chargers: company nobody is not covered/,
      );
      t.equal(
        (await company('example-chips')).body.data.employees,
        5600,
        'the changed profile replaced the stored one at once',
      );
    },
  );

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

  // An import runs its queries on one transaction's client: none may be sent while another runs (pg deprecates it).
  t.notMatch(server.stderr, /Warning/, 'no warning printed by Node or a library');
});

t.test("the demo's own dataset, in its sources' formats, is already stored", async (t) => {
  const server = await demoServer;
  t.teardown(() => server.dispose());
  const scratch = mkdtempSync(join(tmpdir(), 'tw-import-'));
  t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

  const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { loadedAt: string } } };
  const anchor = Date.parse(meta.data.dataset.loadedAt);
  const dataset = demoDataset(20261121, anchor, 1);
  const before = await statsAfter(server);
  t.equal(before.catalysts, dataset.calendar.entries.length, 'the regenerated calendar is the one loaded');
  t.ok(
    dataset.story.events.length >= 300 && before.events >= dataset.wire.items.length,
    `${dataset.wire.items.length} stories`,
  );

  const names = ['calendar', 'profiles', 'wire'] as const;
  for (const name of names) writeFileSync(join(scratch, `${name}.json`), JSON.stringify(dataset[name]));
  const run = await importFiles(server.dataDir, 'demo', scratch);
  t.equal(run.code, 0, run.stderr);
  const stored = (kind: string, n: number) => `${kind}: read ${n}, written 0, already stored ${n}`;
  const reference = (['sectors', 'companies', 'people', 'projects'] as const)
    .map((k) => stored(k, dataset.profiles[k]!.length))
    .join('; ');
  const lines = [
    stored('catalysts', dataset.calendar.entries.length),
    reference,
    stored('stories', dataset.wire.items.length),
  ];
  t.equal(run.stdout, names.map((name, k) => `${shown(join(scratch, `${name}.json`))}: ${lines[k]}\n`).join(''));
  t.same(await statsAfter(server), before, 'no row added');
});

t.test('with no server: directly into the database, which --create makes', async (t) => {
  const dataDir = tempDataDir();
  let server: ServerHandle | null = null;
  t.teardown(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cli = (...args: string[]) => importFiles(dataDir, ...args);

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
  t.match(
    created.stderr,
    /no server owns DATA_DIR: catalyst outcomes and the causes of moves are linked at its next start/,
  );
  t.ok(existsSync(join(dataDir, 'pg', 'PG_VERSION')));

  const again = await cli('demo', FIXTURES);
  t.equal(again.code, 0, again.stderr);
  t.equal(again.stdout, againReport, 'the database now there is used without --create, and nothing is written twice');

  server = await startServer({ dataDir, env: { ...CLOCK, TAPEWIRE_ANON: '1' } });
  const served = await events(server);
  t.same(
    served.map((e) => e.headline),
    ['Euro-area flash PMI steadies at 50.2', 'Apple ships a repair kit for its oldest phones'],
  );
  t.equal(served[1]!.sourceUrl, 'https://wire.example/2026/11/20/apple-repair-kit-fixture-1');
});
