// The demo's macro series, release calendar and prediction markets at its first load: written in FRED's, Kalshi's and
// Polymarket's formats (core/demo/macro, core/demo/odds), read back by those sources' own parsers as imported files
// are, and written by the same writers. The payloads are the demo's own: anything they do not read whole is a fault.
import type { DemoDataset } from '../../../core/demo/payloads.js';
import { mergedPayloads } from '../../../core/sources/records.js';
import type { Writer } from '../../services/write/writer.js';
import { fredSource } from '../fred/index.js';
import { kalshiSource } from '../kalshi/index.js';
import { polymarketSource } from '../polymarket/index.js';
import type { Source } from '../source.js';

/** Writes the demo's macro and odds payloads in the writer's transaction. */
export async function writeDemoMacro(writer: Writer, dataset: DemoDataset, anchorMs: number): Promise<void> {
  const read = (source: Source, payload: object, key: string | null = null) => source.parse(JSON.stringify(payload), { name: null, key, at: anchorMs });
  const { fred, kalshi, polymarket } = dataset;
  const parsed = mergedPayloads([
    read(fredSource, fred.series),
    ...fred.observations.map((o) => read(fredSource, o.payload, o.seriesId)),
    read(fredSource, fred.releaseDates),
    read(kalshiSource, kalshi.events),
    read(kalshiSource, kalshi.candlesticks),
    read(polymarketSource, polymarket.events),
    ...polymarket.histories.map((h) => read(polymarketSource, h.payload, h.tokenId)),
  ]);
  const skipped = [...parsed.skipped, ...(await writer.macro(parsed)).skipped, ...(await writer.odds(parsed)).skipped];
  if (skipped.length) throw new Error(`the demo's macro and odds payloads were not read whole: ${JSON.stringify(skipped.slice(0, 3))}`);
}
