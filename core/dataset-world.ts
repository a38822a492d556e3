// Which world a database holds (the demo, real data, or both because its operator asked for both) and whether a
// writer of one origin may write into it: real values must never land silently in demo series, nor demo ones in real.
import { SCALE_ANCHOR_DATE } from './demo/real-scale.js';
import { DEMO_SOURCE } from './sources/demo/index.js';

export type DatasetWorld = 'demo' | 'real' | 'mixed';
/** Where a writer's records come from: the demo source's simulated world, or any other (real) source. */
export type Origin = 'demo' | 'real';

export const WORLD_DESCRIPTIONS: Record<DatasetWorld, string> = {
  demo:
    "Deterministic demo universe, not real data: simulated venues and prices; stories, filings, financials, macro series and prediction markets generated in their sources' formats (a record's source names the format); every source URL points at the reserved .example domain. " +
    `Levels are anchored to ${SCALE_ANCHOR_DATE}: at load, shares, indices and ETFs stand at their real closes of that day, and each listed company's trailing revenue, net income and diluted shares are about those of its latest annual report then`,
  real: 'Real data from its sources; every record cites the source it came from',
  mixed:
    "The demo universe with real data mixed in, at its operator's explicit request: demo records cite the reserved .example domain, real ones their source; a series may hold both",
};

export const originOf = (source: string): Origin => (source === DEMO_SOURCE ? 'demo' : 'real');

/** The world a database holding `held` (null: nothing yet) holds once `origin` writes into it, `mix` allowing both. */
export function worldAfter(held: DatasetWorld | null, origin: Origin, mix: boolean): DatasetWorld {
  if (held === null || held === origin) return origin;
  return held === 'mixed' || mix ? 'mixed' : held;
}

/**
 * Why `origin` may not write into a database holding `held` without `mix`, naming the ways forward; null when it may.
 * `how` says how the writer mixes worlds when asked to (the import command's flag, or the configuration).
 */
export function worldRefusal(held: DatasetWorld | null, origin: Origin, mix: boolean, how: string): string | null {
  if (held === null || held === origin || held === 'mixed' || mix) return null;
  return held === 'demo'
    ? `the database holds the demo universe, and real data written into it would sit beside demo values in the same series. ` +
        `Give real data a database of its own (another DATA_DIR, or DATABASE_URL, with TAPEWIRE_DEMO=0), or ${how} to mark this ` +
        'database as mixed (shown in /v1/meta and on every page)'
    : `the database holds real data, and demo records are never written into it. Run the demo on a database of its own ` +
        `(another DATA_DIR), or ${how} to mark this database as mixed (shown in /v1/meta and on every page)`;
}
