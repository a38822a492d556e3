// The Polymarket source: the configured markets (POLYMARKET_MARKETS, by slug) from its public Gamma and CLOB APIs with
// their price history, and `tapewire import polymarket <files>` for their recorded answers.
import { oddsRecords } from '../../../core/sources/odds-records.js';
import { parsePolymarketPayload } from '../../../core/sources/polymarket/index.js';
import { POLYMARKET_SOURCE } from '../../../core/sources/polymarket/source.js';
import { Poller } from '../poller.js';
import type { Source } from '../source.js';
import { PolymarketFeed } from './feed.js';

export const polymarketSource: Source = {
  name: POLYMARKET_SOURCE,
  description: 'Polymarket prediction markets: Gamma, CLOB and Data API answers; its feed for POLYMARKET_MARKETS',
  kind: 'odds',
  settings: (config) => ({
    on: config.polymarket.markets.length > 0,
    intervalsMs: { markets: config.polymarket.everyMs },
    credentials: [],
  }),
  parse: (text, { key, at, site }) => oddsRecords(parsePolymarketPayload(text, { key, at, site })),

  async start({ config, services, health, log }) {
    const feed = new PolymarketFeed(polymarketSource, config.polymarket, services.imports, log);
    const poller = new Poller(
      polymarketSource.name,
      config.polymarket.everyMs,
      (signal) => feed.round(signal),
      log,
      health,
      'odds',
    );
    poller.start();
    return () => poller.stop();
  },
};
