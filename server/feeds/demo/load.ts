// First-run load of the demo universe, in one transaction: its sectors, companies, people and projects in the
// profiles format; its venues, instruments and listings; its story, written in
// the demo newswire's and calendar's own formats and read back by the demo source's parser, as imported files are; its
// macro series and prediction markets in FRED's, Kalshi's and Polymarket's formats, read by their parsers; its
// companies' filings, XBRL facts and Form 4s in EDGAR's formats, read by the SEC parsers;
// each instrument's history from the world's market model (pooled, and each venue's own); then the candle aggregates
// materialized. The minutes the load itself took are then drawn too, so the live ticks carry on without a gap. A
// database that already holds a dataset is left as it is.
import { WORLD_DESCRIPTIONS } from '../../../core/dataset-world.js';
import { demoDerivatives, derivativesWindow, fundingRegime } from '../../../core/demo/derivatives.js';
import { concat, pooledBars } from '../../../core/demo/history.js';
import { demoDataset } from '../../../core/demo/payloads.js';
import { DEMO_INSTRUMENTS, DEMO_VENUES, demoListings } from '../../../core/demo/universe.js';
import { type DemoWorld, demoWorld } from '../../../core/demo/world.js';
import type { Dataset } from '../../../core/schemas/meta.js';
import { DEMO_SOURCE, parseDemoPayload } from '../../../core/sources/demo/index.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { StorageService } from '../../services/ops/storage.js';
import type { MetaService } from '../../services/read/meta.js';
import type { DemoListingShare, DemoStore, PooledBars } from '../../services/write/demo.js';
import type { ImportService } from '../../services/write/imports.js';
import { recordKey } from '../../services/write/write-support.js';
import { listingKey, type Writer } from '../../services/write/writer.js';
import { writeDemoMacro } from './macro.js';
import { writeDemoSec } from './sec.js';

/** Funding and open interest history of the demo perpetuals: a year, the last 30 days of it hourly. */
const DERIVATIVES_DAYS = 365;
const DERIVATIVES_HOURLY_DAYS = 30;
/** Days of hourly and of daily history each venue listing has of its own before its minutes. */
const LISTING_HOURLY_DAYS = 30;
const LISTING_DAILY_DAYS = 365;
/** Hours of 1m history each venue listing has of its own at least. */
const LISTING_MINUTES_HOURS = 12;

export interface DemoLoadOptions {
  seed: number;
  /** The load time: the history ends there, so the 1m bars run up to now. */
  anchorMs: number;
  minuteDays: number;
  /** Called after each instrument's history, and after the venues' own. */
  progress: (done: number, total: number) => void;
}

/** Database ids of the universe's rows, and each listing's volume share. */
interface UniverseIds {
  instruments: Map<string, number>;
  listings: DemoListingShare[];
}

/** Loads the demo universe unless a dataset is already loaded; returns what is loaded. */
export async function loadDemo(
  services: { meta: MetaService; imports: ImportService; storage: StorageService },
  options: DemoLoadOptions,
): Promise<{ dataset: Dataset; loaded: boolean }> {
  const existing = await services.meta.dataset();
  if (existing) return { dataset: existing, loaded: false };
  const dataset: Dataset = {
    name: 'demo',
    description: WORLD_DESCRIPTIONS.demo,
    loadedAt: new Date(options.anchorMs).toISOString(),
  };
  const world = demoWorld(options.seed, options.anchorMs, options.minuteDays);
  const ids = await services.imports.transaction(async (writer, demo) => {
    const written = await writeUniverse(writer, demo, world, options);
    await writer.setting('dataset', { ...dataset, seed: options.seed });
    return written;
  });
  await services.storage.materializeCandles();
  await services.storage.analyzeStories();
  await services.imports.transaction((writer, demo) => writeMinutesSinceAnchor(writer, demo, world, ids, options));
  return { dataset, loaded: true };
}

async function writeUniverse(
  writer: Writer,
  demo: DemoStore,
  world: DemoWorld,
  { seed, anchorMs, minuteDays, progress }: DemoLoadOptions,
): Promise<UniverseIds> {
  const listings = demoListings(seed);
  const { story } = world;
  const dataset = demoDataset(seed, anchorMs, minuteDays, world);
  const read = (payload: object) => parseDemoPayload(JSON.stringify(payload));
  const [profiles, wire, calendar] = [read(dataset.profiles), read(dataset.wire), read(dataset.calendar)];
  const skipped = [
    ...profiles.skipped,
    ...wire.skipped,
    ...calendar.skipped,
    ...(await writer.profiles(profiles)).skipped,
  ];
  if (skipped.length)
    throw new Error(`the demo's own payloads were not read whole: ${JSON.stringify(skipped.slice(0, 3))}`);
  await writer.stories(wire.stories ?? []);
  const catalystIds = await writer.catalysts(calendar.catalysts ?? []);
  await demo.seal(
    story.scheduled.map((o) => ({
      catalystId: catalystIds.get(recordKey(DEMO_SOURCE, String(o.catalystId)))!,
      dueAt: o.story.occurredAt,
      story: o.story,
    })),
  );
  await writeDemoMacro(writer, dataset, anchorMs);
  await writeDemoSec(writer, world, seed, anchorMs);

  const ids = await writer.universe({
    venues: DEMO_VENUES,
    instruments: DEMO_INSTRUMENTS,
    listings,
  });
  const window = derivativesWindow(anchorMs, DERIVATIVES_DAYS, DERIVATIVES_HOURLY_DAYS);
  let done = 0;
  const steps = DEMO_INSTRUMENTS.length + 1;
  for (const inst of DEMO_INSTRUMENTS) {
    const id = ids.instruments.get(inst.symbol)!;
    const h = world.histories.get(inst.symbol)!;
    const venues = venueCount(listings, inst.symbol);
    await writer.importedBars('1d', id, h.daily, venues, DEMO_SOURCE);
    await writer.importedBars('1h', id, h.hourly, venues, DEMO_SOURCE);
    await writer.minuteBars(id, h.minute, venues);
    const regime = fundingRegime(inst, seed, window);
    const perps = listings.filter((l) => l.symbol === inst.symbol && l.market === 'perp');
    const histories = perps.map((l) => ({
      listingId: ids.listings.get(listingKey(inst.symbol, l.venue, 'perp'))!,
      ...demoDerivatives(inst, l, regime, seed, window),
    }));
    await writer.importedDerivatives(
      '1d',
      histories.map((h) => ({ listingId: h.listingId, ...h.daily })),
      DEMO_SOURCE,
    );
    await writer.importedDerivatives(
      '1h',
      histories.map((h) => ({ listingId: h.listingId, ...h.hourly })),
      DEMO_SOURCE,
    );
    progress(++done, steps);
  }
  // Then the venues' own history, drawn from the pooled one as a venue's backfill would give it: minutes from the UTC
  // midnight at least 12 hours back (24 hours on average, as VENUE_BACKFILL_HOURS; every venue's minutes are the
  // load's second largest write), 30 days of hours before them and a year of days before those. The pooled history
  // goes back further; each venue's answers say where its own starts.
  const own = listings.map((l) => ({
    id: ids.listings.get(listingKey(l.symbol, l.venue, l.market))!,
    instrumentId: ids.instruments.get(l.symbol)!,
    share: l.share,
  }));
  const since = startOfDay(anchorMs - LISTING_MINUTES_HOURS * HOUR_MS);
  const pooled = (stepMs: typeof HOUR_MS | typeof DAY_MS, fromMs: number): PooledBars => {
    const parts = DEMO_INSTRUMENTS.map((inst) => pooledBars(world.histories.get(inst.symbol)!, stepMs, fromMs, since));
    const instruments = DEMO_INSTRUMENTS.flatMap((inst, i) =>
      Array<number>(parts[i]!.ts.length).fill(ids.instruments.get(inst.symbol)!),
    );
    return { bars: concat(...parts), instruments };
  };
  await demo.listingHistory(
    own,
    since,
    pooled(HOUR_MS, since - LISTING_HOURLY_DAYS * DAY_MS),
    pooled(DAY_MS, since - LISTING_DAILY_DAYS * DAY_MS),
  );
  progress(++done, steps);
  return { instruments: ids.instruments, listings: own };
}

const startOfDay = (ms: number) => ms - (ms % DAY_MS);

/** `venues` of a bar counts the listings in the pool, as the live pool does (a venue's spot and perp are two). */
const venueCount = (listings: { symbol: string }[], symbol: string) =>
  listings.filter((l) => l.symbol === symbol).length;

/**
 * The minutes from the anchor's to the current one (still open: the tick loop carries it on), drawn on the world's
 * path, pooled and per venue. Without them the minutes the load took would have no bars between the history and the
 * first live tick.
 */
async function writeMinutesSinceAnchor(
  writer: Writer,
  demo: DemoStore,
  world: DemoWorld,
  ids: UniverseIds,
  { seed, anchorMs }: DemoLoadOptions,
): Promise<void> {
  const from = anchorMs - (anchorMs % MINUTE_MS);
  const nowMs = clock.now();
  const minutes = (nowMs - (nowMs % MINUTE_MS) - from) / MINUTE_MS + 1;
  const bars = world.path.bars(from, MINUTE_MS, minutes);
  const listings = demoListings(seed);
  for (const [i, inst] of DEMO_INSTRUMENTS.entries())
    await writer.minuteBars(ids.instruments.get(inst.symbol)!, bars[i]!, venueCount(listings, inst.symbol));
  await demo.listingMinutes(ids.listings, from);
}
