// First-run load of the demo universe: its story (events and catalysts), venues, instruments, listings and their
// history with the story's price jumps drawn in (pooled, and each venue's own 1m bars), in one transaction, then the
// candle aggregates materialized. A database that already holds a dataset is left as it is.
import { demoDerivatives, derivativesWindow, fundingRegime, type DerivativeSeries } from '../../core/demo/derivatives.js';
import { demoHistory, demoHistoryStart, type Jump } from '../../core/demo/history.js';
import { demoStory, type DemoStory, type StoryEvent } from '../../core/demo/story.js';
import type { Ref } from '../../core/refs.js';
import { DAY_MS } from '../../core/time.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS, DEMO_VENUES, demoListings } from '../../core/demo/universe.js';
import type { Db } from '../db.js';
import { barInsertParams } from '../market/bar-rows.js';
import type { DatasetInfo } from '../meta.js';

export const DEMO_DESCRIPTION =
  'Deterministic demo universe: simulated venues and prices; every source URL points at the reserved .example domain';

type Rows = Pick<Db, 'rows'>['rows'];

/** Funding and open interest history of the demo perpetuals: a year, the last 30 days of it hourly. */
const DERIVATIVES_DAYS = 365;
const DERIVATIVES_HOURLY_DAYS = 30;

/** Rows of the imported derivatives inserts for the series of several listings. */
function derivativeParams(series: [listingId: number, DerivativeSeries][]): unknown[] {
  const all = <T>(pick: (s: DerivativeSeries, k: number) => T) => series.flatMap(([, s]) => Array.from(s.ts, (_, k) => pick(s, k)));
  return [
    series.flatMap(([id, s]) => Array.from(s.ts, () => id)),
    all((s, k) => new Date(s.ts[k]!)),
    all((s, k) => s.fundingRate[k]!),
    all((s, k) => s.openInterestUsd[k]!),
    'demo',
  ];
}

/** Rows of an entity-link insert: each owner's refs in order. */
function entityParams(owners: { id: number; entities: Ref[] }[]): unknown[] {
  const links = owners.flatMap((o) => o.entities.map((ref, position) => ({ id: o.id, position, ref })));
  return [
    links.map((l) => l.id),
    links.map((l) => l.position),
    links.map((l) => l.ref.type),
    links.map((l) => l.ref.key),
    links.map((l) => l.ref.label),
    links.map((l) => l.ref.path),
  ];
}

/** Writes stories and their entity links. */
export async function insertEvents(rows: Rows, events: StoryEvent[]): Promise<void> {
  await rows('insertEvents', [
    events.map((e) => e.id),
    events.map((e) => e.kind),
    events.map((e) => new Date(e.occurredAt)),
    events.map((e) => e.precision),
    events.map((e) => e.headline),
    events.map((e) => e.summary),
    events.map((e) => JSON.stringify(e.points)),
    events.map((e) => e.importance),
    events.map((e) => e.sourceName),
    events.map((e) => e.sourceUrl),
  ]);
  await rows('insertEventEntities', entityParams(events));
}

async function insertStory(rows: Rows, { events, catalysts, scheduled }: DemoStory): Promise<void> {
  await insertEvents(rows, events);
  await rows('insertCatalysts', [
    catalysts.map((c) => c.id),
    catalysts.map((c) => c.kind),
    catalysts.map((c) => c.title),
    catalysts.map((c) => new Date(c.expectedAt)),
    catalysts.map((c) => c.precision),
    catalysts.map((c) => c.confirmed),
    catalysts.map((c) => c.description),
    catalysts.map((c) => c.consensus),
    catalysts.map((c) => c.sourceUrl),
    // Outcomes are linked from the stories at start, as for any data (server/stories/outcomes.ts), not taken from the generator.
    catalysts.map(() => null),
  ]);
  await rows('insertCatalystEntities', entityParams(catalysts));
  await rows('insertDemoOutcomes', [
    scheduled.map((o) => o.catalystId),
    scheduled.map((o) => new Date(o.story.occurredAt)),
    scheduled.map((o) => JSON.stringify(o.story)),
  ]);
}

async function insertUniverse(rows: Rows, seed: number, anchorMs: number, minuteDays: number, progress: (done: number, total: number) => void) {
  const listings = demoListings(seed);
  // The story comes first: its events carry the price jumps the histories draw.
  const story = demoStory(seed, demoHistoryStart(anchorMs, minuteDays), anchorMs);
  await insertStory(rows, story);
  const jumps = new Map<string, Jump[]>();
  for (const e of story.events) for (const j of e.jumps) jumps.set(j.symbol, [...(jumps.get(j.symbol) ?? []), { ts: e.occurredAt, pct: j.pct }]);
  await rows('insertVenues', [DEMO_VENUES.map((v) => v.id), DEMO_VENUES.map((v) => v.name)]);
  await rows('insertCompanies', [DEMO_COMPANIES.map((c) => c.slug), DEMO_COMPANIES.map((c) => c.name), DEMO_COMPANIES.map((c) => c.sector), DEMO_COMPANIES.map((c) => c.sectorName)]);
  const ids = await rows<{ id: number; symbol: string }>('insertInstruments', [
    DEMO_INSTRUMENTS.map((i) => i.symbol),
    DEMO_INSTRUMENTS.map((i) => i.name),
    DEMO_INSTRUMENTS.map((i) => i.kind),
    DEMO_INSTRUMENTS.map((i) => i.currency),
    DEMO_INSTRUMENTS.map((i) => i.company),
  ]);
  const inserted = await rows<{ id: number; instrumentId: number; venue: string; market: string }>('insertListings', [
    listings.map((l) => l.symbol),
    listings.map((l) => l.venue),
    listings.map((l) => l.market),
    listings.map((l) => l.venueSymbol),
    listings.map((l) => l.fundingIntervalHours),
  ]);
  const idOf = new Map(ids.map((r) => [r.symbol, r.id]));
  const listingIdOf = new Map(inserted.map((r) => [`${r.instrumentId}:${r.venue}:${r.market}`, r.id]));
  const window = derivativesWindow(anchorMs, DERIVATIVES_DAYS, DERIVATIVES_HOURLY_DAYS);
  let done = 0;
  const steps = DEMO_INSTRUMENTS.length + 1;
  for (const inst of DEMO_INSTRUMENTS) {
    const id = idOf.get(inst.symbol)!;
    // `venues` of a bar counts the listings in the pool, as the live pool does (a venue's spot and perp are two).
    const venues = listings.filter((l) => l.symbol === inst.symbol).length;
    const h = demoHistory(inst, seed, anchorMs, minuteDays, jumps.get(inst.symbol));
    for (const [query, bars] of [['insertImportedBars1d', h.daily], ['insertImportedBars1h', h.hourly], ['insertBars1m', h.minute]] as const) {
      const params = barInsertParams(bars, bars.ts.length, () => id, () => venues);
      await rows(query, query === 'insertBars1m' ? params : [...params, 'demo']);
    }
    const regime = fundingRegime(inst, seed, window);
    const perps = listings.filter((l) => l.symbol === inst.symbol && l.market === 'perp');
    const histories = perps.map((l) => [listingIdOf.get(`${id}:${l.venue}:perp`)!, demoDerivatives(inst, l, regime, seed, window)] as const);
    await rows('insertImportedDerivatives1d', derivativeParams(histories.map(([id, h]) => [id, h.daily])));
    await rows('insertImportedDerivatives1h', derivativeParams(histories.map(([id, h]) => [id, h.hourly])));
    progress(++done, steps);
  }
  // Then the venues' own history, drawn from the pooled one a statement per interval: minutes since yesterday's
  // 00:00 UTC, imported hours and days before that.
  const venueHistory = [
    listings.map((l) => listingIdOf.get(`${idOf.get(l.symbol)}:${l.venue}:${l.market}`)!),
    listings.map((l) => l.share),
    new Date(anchorMs - (anchorMs % DAY_MS) - DAY_MS),
  ];
  for (const query of ['insertDemoListingBars1m', 'insertDemoListingBars1h', 'insertDemoListingBars1d'] as const) await rows(query, venueHistory);
  progress(++done, steps);
}

/**
 * Loads the demo universe unless a dataset is already loaded; returns what is loaded. `progress` is called after
 * each instrument, and after the venues' bars. The anchor (load time) ends the history, so the 1m bars run up to now.
 */
export async function loadDemo(
  db: Db,
  options: { seed: number; anchorMs: number; minuteDays: number; progress: (done: number, total: number) => void },
): Promise<{ dataset: DatasetInfo; loaded: boolean }> {
  const [existing] = await db.rows<{ value: DatasetInfo }>('getSetting', ['dataset']);
  if (existing) return { dataset: existing.value, loaded: false };
  const dataset: DatasetInfo = { name: 'demo', description: DEMO_DESCRIPTION, loadedAt: new Date(options.anchorMs).toISOString() };
  await db.transaction(async (tx) => {
    await insertUniverse(tx.rows, options.seed, options.anchorMs, options.minuteDays, options.progress);
    await tx.rows('setSetting', ['dataset', { ...dataset, seed: options.seed }]);
  });
  // Materialize the hourly and daily candles of the new 1m bars (refresh cannot run inside a transaction).
  await db.rows('refreshBars1h');
  await db.rows('refreshBars1d');
  await db.rows('refreshListingBars1h');
  await db.rows('refreshListingBars1d');
  await db.rows('analyzeStory');
  return { dataset, loaded: true };
}
