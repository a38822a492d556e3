// The demo's macro series, release calendar and prediction markets at its first load: written in FRED's, Kalshi's and
// Polymarket's formats (core/demo/macro, core/demo/odds), read back by those sources' own parsers as imported files
// are, each as from the demo's own site in that format (so they cite .example, not the real sites' pages of the same
// ids), and written by the same writers. The payloads are the demo's own: anything they do not read whole is a fault.
import { DEMO_FRED_SITE } from '../../../core/demo/macro/fred.js';
import { DEMO_KALSHI_SITE } from '../../../core/demo/odds/kalshi.js';
import { DEMO_POLYMARKET_SITE } from '../../../core/demo/odds/polymarket.js';
import type { DemoDataset } from '../../../core/demo/payloads.js';
import { mergedPayloads } from '../../../core/sources/records.js';
import type { Writer } from '../../services/write/writer.js';
import { fredSource } from '../fred/index.js';
import { kalshiSource } from '../kalshi/index.js';
import { polymarketSource } from '../polymarket/index.js';
import type { Source } from '../source.js';

/** Writes the demo's macro and odds payloads in the writer's transaction. */
export async function writeDemoMacro(writer: Writer, dataset: DemoDataset, anchorMs: number): Promise<void> {
  const read = (source: Source, site: string, payload: object, key: string | null = null) =>
    source.parse(JSON.stringify(payload), { name: null, key, at: anchorMs, site });
  const { fred, kalshi, polymarket } = dataset;
  const parsed = mergedPayloads([
    read(fredSource, DEMO_FRED_SITE, fred.series),
    ...fred.observations.map((o) => read(fredSource, DEMO_FRED_SITE, o.payload, o.seriesId)),
    read(fredSource, DEMO_FRED_SITE, fred.releaseDates),
    read(kalshiSource, DEMO_KALSHI_SITE, kalshi.events),
    read(kalshiSource, DEMO_KALSHI_SITE, kalshi.candlesticks),
    read(polymarketSource, DEMO_POLYMARKET_SITE, polymarket.events),
    ...polymarket.histories.map((h) => read(polymarketSource, DEMO_POLYMARKET_SITE, h.payload, h.tokenId)),
  ]);
  const skipped = [...parsed.skipped, ...(await writer.macro(parsed)).skipped, ...(await writer.odds(parsed)).skipped];
  if (skipped.length)
    throw new Error(`the demo's macro and odds payloads were not read whole: ${JSON.stringify(skipped.slice(0, 3))}`);
}
