// The layout's rules, read from the source tree so that they stay true: routes call services and never each other or
// the database; only services run named queries, each written out where it is called; every named query is used;
// core is pure.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import t from 'tap';
import { ROOT } from '../harness/server.js';
import { clock } from '../server/clock.js';
import { loadNamedQueries } from '../server/db.js';

/** Every .ts file under `dir`, as paths relative to the repository root. */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(join(ROOT, d), { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The repository paths a file imports (relative imports resolved, .js read as .ts) and the bare modules it names. */
function imports(file: string): string[] {
  const specifiers = [...text(file).matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) =>
    s.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), s)).replace(/\.js$/, '.ts') : s,
  );
}

const server = sources('server');
const inServices = (f: string) => f.startsWith('server/services/');
/** A call of a named query: `.rows(` or `.columns(` (with type arguments or not) and what its first argument starts with. */
const QUERY_CALL = /\.(rows|columns)\s*(?:<[^>(]*>)?\(\s*(\S)/g;

t.test('no route imports another route or the database module', async (t) => {
  const routes = server.filter((f) => f.startsWith('server/routes/'));
  t.ok(routes.length >= 18, `${routes.length} route files`);
  const bad = routes.flatMap((f) =>
    imports(f)
      .filter((i) => (i.startsWith('server/routes/') && i !== f) || i === 'server/db.ts')
      .map((i) => `${f} imports ${i}`),
  );
  t.same(bad, []);
});

t.test('one request pipeline: every request of every surface goes through server/http/surface.ts', async (t) => {
  // A handler on the uWS app is made by `handler(...)`, which alone takes uWS's (res, req), makes an exchange, sends
  // and logs: a surface that wrote its own would take them itself.
  const OWN = /new Exchange\(|\(res(?::\s*HttpResponse)?,\s*req\b/;
  t.ok(OWN.test("app.get('/x', (res, req) => {})"), 'the rule sees a handler written in place');
  t.same(
    server.filter((f) => f !== 'server/http/surface.ts' && OWN.test(text(f))),
    [],
  );
});

t.test('MCP tools call services, never a route', async (t) => {
  const mcp = server.filter((f) => f.startsWith('server/mcp/'));
  t.ok(
    mcp.some((f) => f.startsWith('server/mcp/tools/')),
    `${mcp.length} MCP files`,
  );
  t.same(
    mcp.flatMap((f) =>
      imports(f)
        .filter((i) => i.startsWith('server/routes/'))
        .map((i) => `${f} imports ${i}`),
    ),
    [],
  );
});

t.test('services never import a route, and the database module is opened only by start-up and the CLIs', async (t) => {
  t.same(
    server.filter(inServices).flatMap((f) =>
      imports(f)
        .filter((i) => i.startsWith('server/routes/'))
        .map((i) => `${f} imports ${i}`),
    ),
    [],
  );
  const openers = server.filter((f) => !inServices(f) && f !== 'server/db.ts' && imports(f).includes('server/db.ts'));
  t.same(openers, ['server/app.ts', 'server/cli/database.ts', 'server/cli/direct.ts']);
});

/** The broker: the implementations of the ports across processes, through Redis. */
const BROKER = 'server/broker/';

/**
 * The imports each layer may not make (docs/architecture.md, "Folders"): the HTTP pipeline runs routes of any services and
 * knows nothing of the domain; the tick loop writes through the market store alone; services read the hot state and
 * nothing else of the market; surfaces (routes, MCP, pages, the stream) reach the hot state and the database through
 * services; the broker serves no request; benches share helpers with the tests through `harness/`, not the tests' own
 * folder.
 */
const LAYERS: { from: string; may: (target: string) => boolean; why: string }[] = [
  {
    from: 'server/http/',
    may: (i) => !/^server\/(services|market|feeds|stream|routes|mcp|web)\//.test(i),
    why: 'the pipeline knows nothing of the domain',
  },
  {
    from: 'server/market/',
    may: (i) => !i.startsWith('server/services/') || i === 'server/services/write/market-store.ts',
    why: 'the tick loop writes through the market store',
  },
  {
    from: 'server/services/',
    may: (i) => !i.startsWith('server/market/') || i === 'server/market/reread.ts',
    why: 'services read the hot state through its port, and read a series into it again',
  },
  {
    from: 'server/services/',
    may: (i) => !/^server\/(http|answers)\//.test(i),
    why: 'services return data: the HTTP edge owns bytes',
  },
  {
    from: 'server/answers/',
    may: (i) => !i.startsWith('server/') || i.startsWith('server/http/') || i.startsWith('server/answers/'),
    why: "answers' bytes are written from data alone",
  },
  ...['server/routes/', 'server/mcp/', 'server/web/', 'server/stream/'].map((from) => ({
    from,
    may: (i: string) => !i.startsWith('server/market/') && i !== 'server/db.ts',
    why: 'surfaces reach the hot state and the database through services',
  })),
  {
    from: BROKER,
    may: (i) => !/^server\/(services|routes|mcp|web|http)\//.test(i),
    why: 'the broker implements ports: it serves no request and calls no service',
  },
  { from: 'bench/', may: (i) => !i.startsWith('test/'), why: 'benches share helpers with the tests through harness/' },
];

/**
 * The implementations of the ports (server/ports/): in process, the hot market state, the tick loop's open bars, the
 * stream hub, the rate-limit buckets and the data versions; across processes, the broker's (server/broker/, through
 * Redis). Only the composition roots (start-up, the CLIs) build them; services and surfaces hold them as their ports,
 * so that another process's can stand in.
 */
const CONCRETE = [
  'server/market/state.ts',
  'server/market/ticker.ts',
  'server/stream/hub.ts',
  'server/rate-buckets.ts',
  'server/data-version.ts',
];
const concrete = (f: string) => CONCRETE.includes(f) || f.startsWith(BROKER);
const ON_PORTS = ['server/services/', 'server/routes/', 'server/mcp/', 'server/web/', 'server/stream/'];

/** Each import of `file`, a service or a surface, of an implementation its port stands for. */
function offPorts(file: string, imported: string[]): string[] {
  if (!ON_PORTS.some((p) => file.startsWith(p)) || concrete(file)) return [];
  return imported.filter(concrete).map((i) => `${file} imports ${i}: import its port from server/ports/`);
}

t.test(
  'services and surfaces reach shared state through the ports, never the in-process implementations',
  async (t) => {
    t.same(
      offPorts('server/services/read/candles.ts', ['server/market/state.ts', 'server/ports/index.ts']).length,
      1,
      'the rule sees a service import the hot state',
    );
    t.same(
      offPorts('server/stream/market-feed.ts', ['server/stream/hub.ts', 'server/market/ticker.ts']).length,
      2,
      'and the stream surface import the hub and the tick loop',
    );
    t.same(
      offPorts('server/web/mount.ts', ['server/rate-buckets.ts', 'server/data-version.ts']).length,
      2,
      'and a page import the buckets and the versions',
    );
    t.same(
      offPorts('server/services/read/events.ts', ['server/broker/redis-versions.ts']).length,
      1,
      'and a service import the broker',
    );
    t.same(
      offPorts('server/app.ts', [...CONCRETE, 'server/broker/redis-versions.ts']),
      [],
      'but not the composition root',
    );
    t.same(
      server.flatMap((f) => offPorts(f, imports(f))),
      [],
    );
    const runtime = sources('server/ports').filter((f) => /^export (const|let|function|class|enum)\b/m.test(text(f)));
    t.same(runtime, [], 'the ports are types alone');
  },
);

t.test('only start-up builds the in-process implementations of the ports', async (t) => {
  const BUILDS =
    /\bnew (MarketState|Ticker|StreamHub|LocalRateLimits|DataVersion|RedisVersions|StreamOut|StreamIn|MarketOut|MarketIn|RelayedMarket|RedisRateLimits|RedisKeyChanges|RedisStreamCounts|ApiNodeBroker)\(/;
  t.ok(BUILDS.test('const hub = new StreamHub(config.stream);'), 'the rule sees one built');
  t.ok(BUILDS.test('new RedisVersions(config.redisUrl, log)'), 'and a broker');
  t.same(
    server.filter((f) => !concrete(f) && BUILDS.test(text(f))),
    [
      'server/app.ts',
      'server/market/load.ts',
      'server/roles/api.ts',
      'server/roles/follow.ts',
      'server/roles/ingest.ts',
      'server/roles/lead.ts',
    ],
    "the composition root, its parts (a scale-out's follower and leader among them), and the market load it calls",
  );
});

/** Each import of `file` its layer may not make. */
function breaches(file: string, imported: string[]): string[] {
  return LAYERS.filter((l) => file.startsWith(l.from)).flatMap((l) =>
    imported.filter((i) => !l.may(i)).map((i) => `${file} imports ${i}: ${l.why}`),
  );
}

t.test('each layer imports only what it may call', async (t) => {
  t.same(
    breaches('server/http/pipeline.ts', ['server/services/index.ts', 'server/auth.ts']).length,
    1,
    'the rule sees the pipeline import the services',
  );
  t.same(
    breaches('server/stream/market-feed.ts', ['server/market/state.ts']).length,
    1,
    'and a surface reach into the hot state',
  );
  t.same(
    breaches('bench/endpoint.ts', ['test/helpers/server.ts', 'harness/server.ts']).length,
    1,
    'and a bench import a test helper',
  );
  t.same(
    breaches('server/services/read/candles.ts', ['server/http/raw-json.ts', 'server/answers/candles.ts']).length,
    2,
    'and a service write bytes',
  );
  t.same(
    breaches('server/broker/redis-versions.ts', ['server/services/index.ts', 'server/data-version.ts']).length,
    1,
    'and the broker call a service',
  );
  const files = ['server', 'bench'].flatMap(sources);
  t.same(
    files.flatMap((f) => breaches(f, imports(f))),
    [],
  );
});

t.test(
  'services by role: a folder of services reaches another only through its index, and no role imports a later one',
  async (t) => {
    // Imports run one way, ops -> read -> write -> kept: a folder never imports a later one back, so their indexes make no cycle.
    const ORDER = ['ops', 'read', 'write', 'kept'];
    const folder = (f: string) => /^server\/services\/([a-z]+)\//.exec(f)?.[1] ?? null;
    const crossings = (file: string, imported: string[]) =>
      imported.flatMap((i) => {
        const [from, to] = [folder(file), folder(i)];
        if (!from || !to || from === to) return [];
        if (!i.endsWith('/index.ts')) return [`${file} reaches into ${i}: import server/services/${to}/index.ts`];
        return ORDER.indexOf(to) < ORDER.indexOf(from) ? [`${file} imports ${to}/, which comes before ${from}/`] : [];
      });
    t.same(
      crossings('server/services/read/events.ts', ['server/services/write/writer.ts']).length,
      1,
      'the rule sees a reach into a sibling',
    );
    t.same(
      crossings('server/services/write/imports.ts', ['server/services/read/index.ts']).length,
      1,
      'and an import the wrong way',
    );
    const folders = readdirSync(join(ROOT, 'server/services'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    t.same(folders.sort(), [...ORDER].sort(), 'every folder of services has its place in the order');
    t.same(
      server.filter(inServices).flatMap((f) => crossings(f, imports(f))),
      [],
    );
  },
);

t.test('only services run named queries, each by its name written out', async (t) => {
  const outside = server.filter(
    (f) => !inServices(f) && f !== 'server/db.ts' && [...text(f).matchAll(QUERY_CALL)].length,
  );
  t.same(outside, [], 'no named query is run outside server/services/');
  const templated = server
    .filter(inServices)
    .flatMap((f) => [...text(f).matchAll(QUERY_CALL)].filter((m) => m[2] === '`').map(() => f));
  t.same(templated, [], 'no query name is assembled from a template');
});

t.test('every named query is called somewhere, and every name called is a query', async (t) => {
  const defined = [...loadNamedQueries().keys()];
  const code = server.map(text).join('\n');
  const quoted = new Set([...code.matchAll(/'([A-Za-z0-9]+)'/g)].map((m) => m[1]!));
  t.same(
    defined.filter((name) => !quoted.has(name)),
    [],
    'no query is left without a caller',
  );
  const called = server.flatMap((f) =>
    [...text(f).matchAll(/\.(?:rows|columns)\s*(?:<[^>(]*>)?\(\s*'([^']+)'/g)].map((m) => m[1]!),
  );
  t.same(
    called.filter((name) => !defined.includes(name)),
    [],
    'every name a caller writes is defined in sql/queries',
  );
});

t.test('core is pure: no server code, no I/O', async (t) => {
  const IO = /^node:(fs|fs\/promises|net|http|https|http2|child_process|worker_threads|dgram|dns|tls|os|readline)$/;
  const bad = sources('core').flatMap((f) =>
    imports(f)
      .filter((i) => i.startsWith('server/') || i.startsWith('workers/') || IO.test(i))
      .map((i) => `${f} imports ${i}`),
  );
  t.same(bad, []);
});

const everything = ['core', 'server', 'workers', 'test', 'harness'].flatMap(sources);

t.test(
  'one clock: nothing reads the wall clock but server/clock.ts, so a run can be shifted to another day',
  async (t) => {
    const WALL_CLOCK = /\bDate\.now\(\)|\bnew Date\(\)|(?<![\w.])Date\(\)/;
    t.same(
      everything.filter((f) => f !== 'server/clock.ts' && WALL_CLOCK.test(text(f))),
      [],
    );
  },
);

/**
 * Dates a test may not write: any day from five years before now on, which holds all the demo keeps (two years of
 * prices, the fiscal years its filings compare) and every day still to come. A date written in such a test turns into
 * another part of the demo's history as the days pass (a test of 2026-11-01's hourly candles failed from 2026-12-02).
 */
const DEMO_REACH_MS = 5 * 365 * 86_400_000;

/** Sentinels such as FRED's 9999-12-31 ("no end") name no day of the demo's. */
const SENTINEL_AFTER_MS = 50 * 365 * 86_400_000;

/** The calendar dates a test's code (comments left out) writes from `fromMs` on, sentinels far ahead left out. */
function datesWritten(code: string, fromMs: number): string[] {
  const uncommented = code.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  return [...uncommented.matchAll(/(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)/g)]
    .filter(([, y, m, d]) => {
      const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
      const real = day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
      return real && day.getTime() >= fromMs && day.getTime() < fromMs + DEMO_REACH_MS + SENTINEL_AFTER_MS;
    })
    .map((m) => m[0]);
}

t.test('a test on the live clock reads the demo’s dates from its answers, or pins its own clock', async (t) => {
  const fromMs = clock.now() - DEMO_REACH_MS;
  t.same(
    datesWritten("const d = await candles('interval=1h&from=2026-11-01T10:30:00Z');", Date.UTC(2021, 11, 6)),
    ['2026-11-01'],
    'the rule sees a written date',
  );
  t.same(
    datesWritten(
      "['from=2026-02-30', 'from'], ['to=2026-13-01', 'to'], ['from=2019-03-01', 'from'], '9999-12-31'\n  // as on 2026-11-01",
      Date.UTC(2021, 11, 6),
    ),
    [],
    'but not an impossible date, one long past, a sentinel, or a comment',
  );
  // On the live clock: a test that reads it, or runs the server or the demo (which read it).
  const onTheClock = (f: string) => /\bclock\.now\(\)|\bstartServer\(|\bloadDemo\(/.test(text(f));
  const tests = sources('test').filter((f) => f.endsWith('.test.ts') && !f.startsWith('test/fixtures/'));
  const bad = tests
    .filter((f) => onTheClock(f) && !text(f).includes('pinnedClock('))
    .flatMap((f) => datesWritten(text(f), fromMs).map((d) => `${f}: ${d}`));
  t.same(bad, [], 'read the date from an answer (or the clock), or pin the test’s clock (test/helpers/clock.ts)');
});

t.test('a test of the shared real samples skips with a message when they are absent', async (t) => {
  const reads = sources('test').filter(
    (f) => f.endsWith('.test.ts') && /\b(readRealdata|realdataFiles|REALDATA)\b/.test(text(f)),
  );
  t.ok(reads.length >= 30, `${reads.length} files read the samples`);
  t.same(
    reads.filter((f) => !text(f).includes('realdataSkip(')),
    [],
    'each through realdataSkip (harness/realdata.ts)',
  );
});

t.test('tests find files from the repository root, not from their own place', async (t) => {
  // The suite runs the tests compiled from dist/ (test/run.ts): a path made from a test's own URL points into dist/.
  const own = ['test', 'harness']
    .flatMap(sources)
    .filter((f) => /\bimport\.meta\.(url|dirname|filename)\b/.test(text(f)));
  t.same(
    own,
    ['test/conformance/mcp.ts'],
    'ROOT (harness/root.ts) for the others; the conformance run is not compiled',
  );
});

t.test('the tests of core share their process: no server, no process, no state of the process', async (t) => {
  // test/run.ts runs them together in a few processes (test/together.ts), one file after another under tap's one root.
  const SHARED =
    /^(harness\/(server|shared-server|redis|replay|venue-replay)\.ts|node:(child_process|worker_threads))$/;
  const STATE = /\bprocess\.(env\.\w+\s*=[^=]|on\(|exitCode)|\bt\.(before|beforeEach|afterEach|setTimeout|plan)\(/;
  const bad = sources('test/core').flatMap((f) => [
    ...imports(f)
      .filter((i) => SHARED.test(i))
      .map((i) => `${f} imports ${i}`),
    ...(STATE.test(text(f)) ? [`${f} changes the process's state or its root test's hooks`] : []),
  ]);
  t.same(bad, []);
});

/** The import cycles of `graph` (file -> the files it imports): each strongly connected group of more than one file. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = ''; w !== v; ) {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return found;
}

t.test(
  'no import cycles, runtime or type-only: shared helpers and types live in the leaves both sides use',
  async (t) => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    t.same(cycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })), [['a', 'b', 'c']], 'the rule sees a cycle');
    t.same(cycles(graph({ a: ['b', 'c'], b: ['c'], c: [] })), [], 'and not a shared leaf');
    const files = ['core', 'server', 'workers', 'harness'].flatMap(sources);
    t.same(cycles(new Map(files.map((f) => [f, imports(f).filter((i) => i.endsWith('.ts'))]))), []);
  },
);
