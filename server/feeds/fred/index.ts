// The FRED source: series definitions, observations with their vintages and release calendars from FRED's API
// (FRED_API_KEY; off without one) for the configured series, and `tapewire import fred <files>` for its JSON
// answers and CSV downloads (a CSV that does not name its series takes it from its file's name).
import { parseFredPayload } from '../../../core/sources/fred/index.js';
import { FRED_SOURCE, seriesIdFromFileName } from '../../../core/sources/fred/series-id.js';
import { Poller } from '../poller.js';
import type { Source } from '../source.js';
import { FredFeed } from './feed.js';

export const fredSource: Source = {
  name: FRED_SOURCE,
  description: 'FRED macro series: API answers and CSV downloads; its feed with FRED_API_KEY',
  kind: 'macro',
  settings: (config) => ({
    on: config.fred.apiKey !== null && config.fred.series.length > 0,
    intervalsMs: { series: config.fred.everyMs },
    credentials: ['FRED_API_KEY'],
    offBecause: config.fred.apiKey === null && config.fred.series.length ? 'FRED_API_KEY is not set' : undefined,
  }),
  parse: (text, { name, key, site }) =>
    parseFredPayload(text, { seriesId: key ?? (name === null ? null : seriesIdFromFileName(name)), site }),

  async start({ config, services, health, log }) {
    const feed = new FredFeed(fredSource, config.fred, services, log);
    const poller = new Poller(
      fredSource.name,
      config.fred.everyMs,
      (signal) => feed.round(signal),
      log,
      health,
      'macro',
    );
    poller.start();
    return () => poller.stop();
  },
};
