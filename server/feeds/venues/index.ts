// The live venues source: the sources file's instruments and listings stored at start, then one client per venue
// market (binance spot, okx perp...) pooling its listings' quotes, each with its health in /v1/meta and /metrics, and
// backfilling their 1m bars over REST at start and after each reconnect (VENUE_BACKFILL_HOURS at most).

import type { SourcesFile } from '../../../core/schemas/sources.js';
import { PayloadError } from '../../../core/sources/records.js';
import { sourcesUniverse } from '../../../core/sources/sources-universe.js';
import { venueNamed } from '../../../core/sources/venues/index.js';
import type { Market } from '../../../core/sources/venues/protocol.js';
import type { MarketState } from '../../market/state.js';
import { SourceHealth } from '../../services/read/source-health.js';
import type { Source } from '../source.js';
import { type ClientListing, VenueClient } from './venue-client.js';

export const venuesSource: Source = {
  name: 'venues',
  description:
    'live quotes from the venues of the sources file (TAPEWIRE_SOURCES): Binance, Coinbase, Kraken, OKX, Bybit, Hyperliquid',
  settings: (config) => ({
    on: config.sources?.file.instruments.some((i) => i.listings.length) ?? false,
    intervalsMs: { venues: config.tickMs },
    credentials: [],
  }),
  parse: () => {
    throw new PayloadError('venue quotes are read live only; import their history with the kline formats instead');
  },
  loads: 'the instruments of the sources file',

  async load({ config, services, log }) {
    const added = await services.universe.add(sourcesUniverse(config.sources!.file));
    log.info({ file: config.sources!.path, ...added }, 'sources file universe stored');
  },

  async venueFeeds({ config, state, health, log }) {
    const file = config.sources!.file;
    const staleMs = config.poolStaleS * 1000;
    return venueGroups(file, state).map(({ venue, market, listings }) => {
      const protocol = venueNamed(venue)!;
      const m = protocol.markets[market]!;
      const endpoint = file.endpoints?.[venue]?.[market];
      const source = health.add(new SourceHealth(`${venue}-${market}`, 'venue', staleMs));
      return new VenueClient(protocol, market, listings, {
        wsUrl: endpoint?.wsUrl ?? m.wsUrl,
        restUrl: endpoint?.restUrl ?? m.restUrl,
        log: log.child({ source: source.name }),
        health: source,
      });
    });
  },

  async start({ config, services, venueFeeds }) {
    const clients = venueFeeds.filter((f): f is VenueClient => f instanceof VenueClient);
    for (const c of clients) c.start({ service: services.venueBackfill, maxMs: config.venueBackfillMs });
    return async () => {
      await Promise.all(clients.map((c) => c.stop()));
    };
  },
};

/** The file's listings stored in `state`, grouped by venue market in the file's order, each with its USD conversion. */
function venueGroups(
  file: SourcesFile,
  state: MarketState,
): { venue: string; market: Market; listings: ClientListing[] }[] {
  const instrumentOf = new Map(state.instruments.map((inst, i) => [inst.symbol.toUpperCase(), i]));
  const indexOf = new Map(state.listings.map((l, j) => [`${l.instrumentId} ${l.venue} ${l.market}`, j]));
  const groups = new Map<string, { venue: string; market: Market; listings: ClientListing[] }>();
  for (const inst of file.instruments) {
    const i = instrumentOf.get(inst.symbol.toUpperCase());
    if (i === undefined) continue;
    for (const l of inst.listings) {
      const j = indexOf.get(`${state.instruments[i]!.id} ${l.venue} ${l.market}`);
      if (j === undefined) continue;
      const key = `${l.venue} ${l.market}`;
      if (!groups.has(key)) groups.set(key, { venue: l.venue, market: l.market, listings: [] });
      groups.get(key)!.listings.push({
        index: j,
        venueSymbol: l.venueSymbol,
        quote: l.quote,
        fundingIntervalHours: l.fundingIntervalHours ?? null,
        usdPerQuote: usdPerQuote(file, state, instrumentOf, l.quote),
      });
    }
  }
  return [...groups.values()];
}

/** USD per unit of `quote`, now: 1, a fixed rate, or the pooled price of the instrument the file converts it through. */
function usdPerQuote(
  file: SourcesFile,
  state: MarketState,
  instrumentOf: Map<string, number>,
  quote: string,
): () => number {
  if (quote === 'USD') return () => 1;
  const conversion = file.quotes?.[quote];
  if (!conversion) return () => NaN;
  if ('fixed' in conversion) return () => conversion.fixed;
  const i = instrumentOf.get(conversion.pool.toUpperCase());
  return i === undefined ? () => NaN : () => state.pooled.price[i]!;
}
