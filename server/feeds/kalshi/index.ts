// The Kalshi source: the configured markets (KALSHI_MARKETS, by ticker) from its public Trade API with their
// candlesticks, and `tapewire import kalshi <files>` for its recorded answers.
import { parseKalshiPayload } from '../../../core/sources/kalshi/index.js';
import { KALSHI_SOURCE } from '../../../core/sources/kalshi/source.js';
import { oddsRecords } from '../../../core/sources/odds-records.js';
import { Poller } from '../poller.js';
import type { Source } from '../source.js';
import { KalshiFeed } from './feed.js';

export const kalshiSource: Source = {
  name: KALSHI_SOURCE,
  description: 'Kalshi prediction markets: Trade API answers; its feed for KALSHI_MARKETS',
  kind: 'odds',
  settings: (config) => ({
    on: config.kalshi.markets.length > 0,
    intervalsMs: { markets: config.kalshi.everyMs },
    credentials: [],
  }),
  parse: (text, { key, at, site }) => oddsRecords(parseKalshiPayload(text, { key, at, site })),

  async start({ config, services, health, log }) {
    const feed = new KalshiFeed(kalshiSource, config.kalshi, services.imports, log);
    const poller = new Poller(
      kalshiSource.name,
      config.kalshi.everyMs,
      (signal) => feed.round(signal),
      log,
      health,
      'odds',
    );
    poller.start();
    return () => poller.stop();
  },
};
