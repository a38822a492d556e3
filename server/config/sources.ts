// The sources' settings: the sources file (live venues, news and calendars), and FRED, Polymarket, Kalshi, news feeds
// and SEC EDGAR, each off until given what it needs (a key, markets, feeds, a User-Agent).
import { catalogBySlug, DASHBOARD_SLUGS } from '../../core/macro/catalog.js';
import type { SourcesFile } from '../../core/schemas/sources.js';
import type { CalendarFormat } from '../../core/sources/calendars/index.js';
import { seriesIdOf } from '../../core/sources/fred/series-id.js';
import { type LoadedSources, readSourcesFile } from '../sources-file.js';
import type { EnvReader } from './env-reader.js';

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

/** A news feed to read: where, the publisher's name its stories cite, and its own period (null: NEWS_EVERY_S). */
export interface NewsFeedConfig {
  name: string | null;
  url: string;
  everyMs: number | null;
}

export interface SourcesConfig {
  /** The sources file (TAPEWIRE_SOURCES): live venues, news and calendars; null runs none of them. */
  sources: LoadedSources | null;
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
}

/** A calendar read this often when the sources file does not say. */
const CALENDAR_EVERY_S = 6 * 3600;
/** The FRED feed keeps the dashboard's series by default. */
const DEFAULT_FRED_SERIES = DASHBOARD_SLUGS.map((slug) => catalogBySlug(slug)!.seriesId);
const NEWS_FEED = /^(?:[^|]{1,200}\|)?https?:\/\/[^\s|]+$/;
const MARKET_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const marketKey = (item: string) => (MARKET_KEY.test(item) ? null : 'is not a market slug or ticker');

export function readSources(r: EnvReader): SourcesConfig {
  const { env } = r;
  const sources = env.TAPEWIRE_SOURCES ? readSourcesFile(env.TAPEWIRE_SOURCES, r.problems) : null;
  return {
    sources,
    fred: {
      apiKey: env.FRED_API_KEY || null,
      series: r
        .list('FRED_SERIES', DEFAULT_FRED_SERIES, (item) => (seriesIdOf(item) ? null : 'is not a FRED series id'))
        .map((id) => seriesIdOf(id) ?? id),
      everyMs: r.int('FRED_EVERY_S', 3600, 60, 86_400) * 1000,
      url: r.url('FRED_API_URL', 'https://api.stlouisfed.org/fred'),
    },
    polymarket: {
      markets: r.list('POLYMARKET_MARKETS', [], marketKey),
      everyMs: r.int('POLYMARKET_EVERY_S', 300, 10, 86_400) * 1000,
      gammaUrl: r.url('POLYMARKET_GAMMA_URL', 'https://gamma-api.polymarket.com'),
      clobUrl: r.url('POLYMARKET_CLOB_URL', 'https://clob.polymarket.com'),
    },
    kalshi: {
      markets: r.list('KALSHI_MARKETS', [], marketKey),
      everyMs: r.int('KALSHI_EVERY_S', 300, 10, 86_400) * 1000,
      url: r.url('KALSHI_API_URL', 'https://api.elections.kalshi.com/trade-api/v2'),
    },
    news: {
      feeds: withFileFeeds(
        sources?.file.news ?? [],
        r
          .list('NEWS_FEEDS', [], (item) =>
            NEWS_FEED.test(item) ? null : 'is not a feed address, or a name and one as Name|https://...',
          )
          .map(newsFeed),
      ),
      everyMs: r.int('NEWS_EVERY_S', 300, 60, 86_400) * 1000,
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
      userAgent: secUserAgent(r),
      everyMs: r.int('SEC_EVERY_S', 600, 60, 86_400) * 1000,
      maxPerSecond: r.int('SEC_MAX_PER_SECOND', 10, 1, 10),
      url: r.url('SEC_URL', 'https://www.sec.gov'),
      dataUrl: r.url('SEC_DATA_URL', 'https://data.sec.gov'),
    },
  };
}

/** NEWS_FEEDS' item: an address, or a publisher's name and one as Name|https://... */
function newsFeed(item: string): NewsFeedConfig {
  const bar = item.lastIndexOf('|');
  return bar < 0
    ? { name: null, url: item, everyMs: null }
    : { name: item.slice(0, bar).trim() || null, url: item.slice(bar + 1), everyMs: null };
}

/** The sources file's news feeds first, then those of NEWS_FEEDS at addresses the file does not name. */
function withFileFeeds(file: NonNullable<SourcesFile['news']>, fromEnv: NewsFeedConfig[]): NewsFeedConfig[] {
  const feeds = file.map(
    (f): NewsFeedConfig => ({ name: f.name, url: f.url, everyMs: f.everyS ? f.everyS * 1000 : null }),
  );
  const named = new Set(feeds.map((f) => f.url));
  return [...feeds, ...fromEnv.filter((f) => !named.has(f.url))];
}

/** EDGAR refuses requests that do not say who sends them: a name and an e-mail address ("Jane Doe jane@example.com"). */
function secUserAgent(r: EnvReader): string | null {
  const value = r.env.SEC_USER_AGENT?.trim();
  if (!value) return null;
  if (!/\S+@\S+\.\S+/.test(value) || value.length > 200)
    r.problems.push(
      `SEC_USER_AGENT=${JSON.stringify(value.slice(0, 60))}: expected a name and an e-mail address, e.g. "Jane Doe jane@example.com"`,
    );
  return value;
}
