// Configuration from the environment, read once at start; every invalid value is reported together.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { catalogBySlug, DASHBOARD_SLUGS } from '../core/macro/catalog.js';
import { seriesIdOf } from '../core/sources/fred/series-id.js';
import { DEFAULT_MOVE_FLOORS, INSTRUMENT_KINDS, type InstrumentKind } from '../core/vocabulary.js';
import { accessMode } from './access-mode.js';
import { clockShift } from './clock.js';
import { DEFAULT_QUEUE } from './db-queue.js';
import type { SourcesFile } from '../core/schemas/sources.js';
import type { CalendarFormat } from '../core/sources/calendars/index.js';
import { readSourcesFile, type LoadedSources } from './sources-file.js';

/**
 * A calendar to read: the sources file's entry, its period, the variable holding the key its URL needs (null: none)
 * and that key (null while unset: the calendar is off).
 */
export interface CalendarFeedConfig {
  id: string;
  name: string;
  format: CalendarFormat;
  url: string;
  everyMs: number;
  credential: string | null;
  key: string | null;
}

/** A calendar read this often when the sources file does not say. */
const CALENDAR_EVERY_S = 6 * 3600;

/** A news feed to read: where, the publisher's name its stories cite, and its own period (null: NEWS_EVERY_S). */
export interface NewsFeedConfig {
  name: string | null;
  url: string;
  everyMs: number | null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Pool size for an external database; the embedded one always has exactly one connection. */
  dbPoolSize: number;
  /** Database queries of client requests: at most `perOwner` queued or running per key (or IP), `maxWaiting` waiting in all. */
  dbQueue: { perOwner: number; maxWaiting: number };
  anon: boolean;
  /** Why anonymous access is on or off, for the start-up log. */
  anonWhy: string;
  /** The website's pages on this server (per-IP limits, like anonymous callers); see webMode. */
  web: boolean;
  /** Signs stream tickets; shared by every process behind one address (null: a random one per process). */
  streamTicketSecret: string | null;
  keyRpm: number;
  anonRpm: number;
  maxRateClients: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  workers: number;
  allowUwsFallback: boolean;
  metaRefreshS: number;
  keyReloadS: number;
  /** Bodies at least this large are compressed when the client accepts gzip or br. */
  compressMinBytes: number;
  /** Browser origins allowed to call /mcp besides this machine's own (http(s)://localhost, 127.x, [::1]). */
  mcpAllowedOrigins: string[];
  moveFloors: Record<InstrumentKind, number>;
  /** The sources file (TAPEWIRE_SOURCES): live venues, news and calendars; null runs none of them. */
  sources: LoadedSources | null;
  /** Load the seeded demo universe on first start (an empty database). */
  demo: boolean;
  demoSeed: number;
  /** Seconds between the routine stories the running demo publishes; 0 publishes none. */
  demoNewsEveryS: number;
  /** Days of 1m history the demo writes before today (1 by default; up to 14 fills the in-memory 1m window). */
  demoMinuteDays: number;
  /** A venue quote at least this old is stale and left out of the pool. */
  poolStaleS: number;
  /** How far back a live venue listing's 1m bars are fetched over REST at most, at start and after a gap; 0: never. */
  venueBackfillMs: number;
  tickMs: number;
  /** A tick with at least this many venue quotes is pooled on a worker thread; smaller ones inline (see bench:pool). */
  poolWorkerMinQuotes: number;
  /** Days of closed 1m bars held in memory per instrument; 1m requests within them never touch the database. */
  minuteBarsDays: number;
  /** Days of closed 1h candles held in memory per instrument and per listing (daily candles: ten years, pooled only). */
  hourBarsDays: number;
  /** Days of closed 1m bars held in memory per venue listing. */
  listingMinuteBarsDays: number;
  /** The SSE stream: see StreamLimits in server/stream/hub.ts; `quoteMs` is the least time between two quotes of a symbol. */
  stream: {
    perClient: number;
    quoteMs: number;
    heartbeatMs: number;
    lifetimeMs: number;
    replay: number;
    stallMs: number;
    maxPendingBytes: number;
    retryMs: number;
  };
  /** FRED's API: the key (the feed is off without one), the series kept up to date, how often, and its address. */
  fred: { apiKey: string | null; series: string[]; everyMs: number; url: string };
  /** Polymarket's public APIs: the markets kept up to date (by slug; none: off), how often, and their addresses. */
  polymarket: { markets: string[]; everyMs: number; gammaUrl: string; clobUrl: string };
  /** Kalshi's public API: the markets kept up to date (by ticker; none: off), how often, and its address. */
  kalshi: { markets: string[]; everyMs: number; url: string };
  /**
   * RSS and Atom feeds read for stories (none: off): the sources file's, then NEWS_FEEDS' (an address the file names
   * is read as the file says), each with the publisher's name it is cited by and its own period (null: `everyMs`).
   */
  news: { feeds: NewsFeedConfig[]; everyMs: number };
  /** The sources file's calendars, read live as catalysts (none: off). */
  calendars: CalendarFeedConfig[];
  /**
   * SEC EDGAR: the declared User-Agent EDGAR requires ("Name email"; the feed is off without one), how often the
   * latest filings are read, at most how many requests a second (EDGAR allows 10), and its two addresses.
   */
  sec: { userAgent: string | null; everyMs: number; maxPerSecond: number; url: string; dataUrl: string };
  /** Days after which raw market rows are compressed or dropped; 0 means never. */
  storage: {
    quotesCompressAfterDays: number;
    quotesRetainDays: number;
    bars1mCompressAfterDays: number;
    bars1mRetainDays: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';

  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const ORIGIN = /^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

const MAX_DATA_DIR_BYTES = 107 - '/run/.s.PGSQL.5432'.length;
const MIN_RETAIN_DAYS = 7;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** The FRED feed keeps the dashboard's series by default. */
const DEFAULT_FRED_SERIES = DASHBOARD_SLUGS.map((slug) => catalogBySlug(slug)!.seriesId);

/** EDGAR refuses requests that do not say who sends them: a name and an e-mail address ("Jane Doe jane@example.com"). */
function secUserAgent(raw: string | undefined, problems: string[]): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/\S+@\S+\.\S+/.test(value) || value.length > 200) problems.push(`SEC_USER_AGENT=${JSON.stringify(value.slice(0, 60))}: expected a name and an e-mail address, e.g. "Jane Doe jane@example.com"`);
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || +raw < min || +raw > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`);
      return fallback;
    }
    return +raw;
  };
  function bool(name: string, fallback: boolean): boolean;
  function bool(name: string, fallback: undefined): boolean | undefined;
  function bool(name: string, fallback: boolean | undefined): boolean | undefined {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name}=${JSON.stringify(raw)}: expected 1/0, true/false, yes/no or on/off`);
    return fallback;
  }

  // The hourly aggregates re-read the last 3 days of raw rows at each refresh: dropping raw rows that young would
  // drop hours from the aggregates too, so a retention is either off (0) or at least a week.
  const retention = (name: string, fallback: number): number => {
    const days = int(name, fallback, 0, 36_500);
    if (days > 0 && days < MIN_RETAIN_DAYS) problems.push(`${name}=${days}: expected 0 (keep everything) or at least ${MIN_RETAIN_DAYS} days`);
    return days;
  };

  // A browser sends its origin as scheme://host[:port], lower-case, without a path: listed the same way.
  const origins = (name: string): string[] => {
    const list = (env[name] ?? '').split(',').map((o) => o.trim().toLowerCase()).filter(Boolean);
    for (const o of list) if (!ORIGIN.test(o)) problems.push(`${name}: ${JSON.stringify(o)} is not an origin such as https://app.example.com`);
    return list;
  };
  const url = (name: string, fallback: string): string => {
    const raw = env[name] || fallback;
    if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(raw)) problems.push(`${name}=${JSON.stringify(raw)}: expected an http:// or https:// address`);
    return raw.replace(/\/+$/, '');
  };
  /** A comma-separated list, each item checked by `valid` (its message when it is not). */
  const list = (name: string, fallback: string[], valid: (item: string) => string | null): string[] => {
    const raw = env[name];
    if (raw === undefined) return fallback;
    const items = raw.split(',').map((item) => item.trim()).filter(Boolean);
    for (const item of items) {
      const problem = valid(item);
      if (problem) problems.push(`${name}: ${JSON.stringify(item.slice(0, 60))} ${problem}`);
    }
    return items;
  };
  const secret = (name: string): string | null => {
    const raw = env[name];
    if (!raw) return null;
    if (raw.length < 32) problems.push(`${name}: expected at least 32 characters (random), got ${raw.length}`);
    return raw;
  };
  const NEWS_FEED = /^(?:[^|]{1,200}\|)?https?:\/\/[^\s|]+$/;
  const newsFeed = (item: string): NewsFeedConfig => {
    const bar = item.lastIndexOf('|');
    return bar < 0 ? { name: null, url: item, everyMs: null } : { name: item.slice(0, bar).trim() || null, url: item.slice(bar + 1), everyMs: null };
  };
  const MARKET_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
  const marketKey = (item: string) => (MARKET_KEY.test(item) ? null : 'is not a market slug or ticker');

  const databaseUrl = env.DATABASE_URL ? env.DATABASE_URL : null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgres:// or postgresql:// connection string');
  }

  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${JSON.stringify(env.LOG_LEVEL)}: expected one of ${LOG_LEVELS.join(', ')}`);

  const host = env.HOST || '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) problems.push(`HOST=${JSON.stringify(host)}: expected a host name or IP address`);
  const access = accessMode(env, bool('TAPEWIRE_ANON', undefined), host, databaseUrl !== null, problems);

  const sources = env.TAPEWIRE_SOURCES ? readSourcesFile(env.TAPEWIRE_SOURCES, problems) : null;

  const config: Config = {
    port: int('PORT', 8080, 0, 65535),
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    dbPoolSize: int('DB_POOL_SIZE', 10, 1, 200),
    dbQueue: { perOwner: int('DB_QUEUE_PER_CLIENT', DEFAULT_QUEUE.perOwner, 1, 10_000), maxWaiting: int('DB_QUEUE_MAX', DEFAULT_QUEUE.maxWaiting, 1, 1_000_000) },
    anon: access.anon,
    anonWhy: access.why,
    // Pages read every service without a key: on by default exactly when anonymous access is (a development run on
    // the embedded database, loopback only), off in production unless TAPEWIRE_WEB=1 publishes them on purpose.
    web: bool('TAPEWIRE_WEB', access.anon),
    streamTicketSecret: secret('STREAM_TICKET_SECRET'),
    keyRpm: int('RATE_LIMIT_RPM', 600, 1, 100_000_000),
    anonRpm: int('RATE_LIMIT_ANON_RPM', 120, 1, 100_000_000),
    maxRateClients: int('RATE_LIMIT_MAX_CLIENTS', 100_000, 100, 10_000_000),
    logLevel,
    workers: int('WORKERS', Math.max(1, availableParallelism() - 1), 1, 256),
    allowUwsFallback: bool('TAPEWIRE_ALLOW_UWS_FALLBACK', false),
    metaRefreshS: int('META_REFRESH_S', 30, 1, 86_400),
    keyReloadS: int('KEY_RELOAD_S', 15, 1, 86_400),
    compressMinBytes: int('COMPRESS_MIN_BYTES', 1024, 0, 1 << 30),
    mcpAllowedOrigins: origins('MCP_ALLOWED_ORIGINS'),
    moveFloors: parseMoveFloors(env.MOVE_FLOORS, problems),
    sources,
    // A sources file replaces the demo unless both are asked for.
    demo: bool('TAPEWIRE_DEMO', !databaseUrl && !env.TAPEWIRE_SOURCES),
    demoSeed: int('DEMO_SEED', 20261121, 0, 4_294_967_295),
    demoMinuteDays: int('DEMO_MINUTE_DAYS', 1, 1, 14),
    demoNewsEveryS: int('DEMO_NEWS_EVERY_S', 300, 0, 86_400),
    poolStaleS: int('POOL_STALE_S', 60, 1, 86_400),
    venueBackfillMs: int('VENUE_BACKFILL_HOURS', 24, 0, 24 * 30) * 3_600_000,
    tickMs: int('TICK_MS', 1000, 50, 60_000),
    poolWorkerMinQuotes: int('POOL_WORKER_MIN_QUOTES', 2000, 1, 1_000_000_000),
    minuteBarsDays: int('MINUTE_BARS_MEMORY_DAYS', 14, 1, 90),
    hourBarsDays: int('HOUR_BARS_MEMORY_DAYS', 90, 1, 3650),
    listingMinuteBarsDays: int('LISTING_MINUTE_BARS_MEMORY_DAYS', 1, 1, 90),
    stream: {
      perClient: int('STREAM_MAX_PER_KEY', 20, 1, 1_000_000),
      quoteMs: int('STREAM_QUOTE_MS', 100, 0, 60_000),
      heartbeatMs: int('STREAM_HEARTBEAT_S', 15, 1, 3600) * 1000,
      lifetimeMs: int('STREAM_LIFETIME_S', 86_400, 1, 604_800) * 1000,
      replay: int('STREAM_REPLAY', 2048, 16, 1_000_000),
      stallMs: int('STREAM_STALL_S', 30, 1, 3600) * 1000,
      maxPendingBytes: int('STREAM_MAX_PENDING_BYTES', 1 << 20, 65_536, 1 << 30),
      retryMs: int('STREAM_RETRY_MS', 3000, 100, 600_000),
    },
    fred: {
      apiKey: env.FRED_API_KEY || null,
      series: list('FRED_SERIES', DEFAULT_FRED_SERIES, (item) => (seriesIdOf(item) ? null : 'is not a FRED series id')).map((id) => seriesIdOf(id) ?? id),
      everyMs: int('FRED_EVERY_S', 3600, 60, 86_400) * 1000,
      url: url('FRED_API_URL', 'https://api.stlouisfed.org/fred'),
    },
    polymarket: {
      markets: list('POLYMARKET_MARKETS', [], marketKey),
      everyMs: int('POLYMARKET_EVERY_S', 300, 10, 86_400) * 1000,
      gammaUrl: url('POLYMARKET_GAMMA_URL', 'https://gamma-api.polymarket.com'),
      clobUrl: url('POLYMARKET_CLOB_URL', 'https://clob.polymarket.com'),
    },
    kalshi: {
      markets: list('KALSHI_MARKETS', [], marketKey),
      everyMs: int('KALSHI_EVERY_S', 300, 10, 86_400) * 1000,
      url: url('KALSHI_API_URL', 'https://api.elections.kalshi.com/trade-api/v2'),
    },
    news: {
      feeds: withFileFeeds(
        sources?.file.news ?? [],
        list('NEWS_FEEDS', [], (item) => (NEWS_FEED.test(item) ? null : 'is not a feed address, or a name and one as Name|https://...')).map(newsFeed),
      ),
      everyMs: int('NEWS_EVERY_S', 300, 60, 86_400) * 1000,
    },
    calendars: (sources?.file.calendars ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      format: c.format,
      url: c.url,
      everyMs: (c.everyS ?? CALENDAR_EVERY_S) * 1000,
      credential: c.credential ?? null,
      key: c.credential ? env[c.credential] || null : null,
    })),
    sec: {
      userAgent: secUserAgent(env.SEC_USER_AGENT, problems),
      everyMs: int('SEC_EVERY_S', 600, 60, 86_400) * 1000,
      maxPerSecond: int('SEC_MAX_PER_SECOND', 10, 1, 10),
      url: url('SEC_URL', 'https://www.sec.gov'),
      dataUrl: url('SEC_DATA_URL', 'https://data.sec.gov'),
    },
    storage: {
      quotesCompressAfterDays: int('COMPRESS_QUOTES_AFTER_DAYS', 1, 0, 36_500),
      quotesRetainDays: retention('RETAIN_QUOTES_DAYS', 30),
      bars1mCompressAfterDays: int('COMPRESS_BARS_1M_AFTER_DAYS', 7, 0, 36_500),
      bars1mRetainDays: retention('RETAIN_BARS_1M_DAYS', 90),
    },
  };
  // Unix socket paths are cut at 107 bytes; DATA_DIR/run/.s.PGSQL.5432 must fit or two sockets would collide.
  if (Buffer.byteLength(config.dataDir) > MAX_DATA_DIR_BYTES) {
    problems.push(`DATA_DIR ${config.dataDir} is longer than ${MAX_DATA_DIR_BYTES} bytes: its sockets would not fit a unix socket path`);
  }
  const clockProblem = clockShift(env).problem;
  if (clockProblem) problems.push(clockProblem);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** The sources file's news feeds first, then those of NEWS_FEEDS at addresses the file does not name. */
function withFileFeeds(file: NonNullable<SourcesFile['news']>, fromEnv: NewsFeedConfig[]): NewsFeedConfig[] {
  const feeds = file.map((f): NewsFeedConfig => ({ name: f.name, url: f.url, everyMs: f.everyS ? f.everyS * 1000 : null }));
  const named = new Set(feeds.map((f) => f.url));
  return [...feeds, ...fromEnv.filter((f) => !named.has(f.url))];
}

/** MOVE_FLOORS="crypto=12,fx=1.5" overrides the default floor of the kinds it names. */
function parseMoveFloors(raw: string | undefined, problems: string[]): Record<InstrumentKind, number> {
  const floors = { ...DEFAULT_MOVE_FLOORS };
  if (!raw) return floors;
  for (const part of raw.split(',')) {
    const [kind, value] = part.split('=').map((s) => s.trim());
    if (!INSTRUMENT_KINDS.includes(kind as InstrumentKind) || !value || !/^\d+(\.\d+)?$/.test(value) || +value <= 0) {
      problems.push(`MOVE_FLOORS: ${JSON.stringify(part)} is not <kind>=<percent> with kind one of ${INSTRUMENT_KINDS.join(', ')}`);
      continue;
    }
    floors[kind as InstrumentKind] = +value;
  }
  return floors;
}
