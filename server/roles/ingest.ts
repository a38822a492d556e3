// The ingest part of a process: what writes the market and the data. The sources' first loads and their feeds, the
// venue feeds, the tick loop (pooling, bar writes) and what follows each tick on the broadcast, the move detector,
// the outcome linker and the embedded database's jobs. Its phases run where start-up places them (server/app.ts).
import { originOf } from '../../core/dataset-world.js';
import { clock } from '../clock.js';
import type { Config } from '../config.js';
import { SOURCES } from '../feeds/registry.js';
import type { LoadContext, Source } from '../feeds/source.js';
import type { VenueFeed } from '../feeds/venue-feed.js';
import { JobRunner } from '../jobs.js';
import type { Lifetime } from '../lifetime.js';
import type { Logger } from '../log.js';
import type { LoadedMarket } from '../market/load.js';
import { Ticker } from '../market/ticker.js';
import { MoveDetector } from '../moves/detector.js';
import type { Broadcast } from '../ports/index.js';
import { progressBar } from '../progress.js';
import type { Readiness } from '../readiness.js';
import type { Services } from '../services/index.js';
import type { StorageService } from '../services/ops/storage.js';
import { SourceHealth, type SourceHealthBoard } from '../services/read/source-health.js';
import { type DatasetService, WorldRefusedError } from '../services/write/datasets.js';
import type { MarketStore } from '../services/write/market-store.js';
import { StartupError } from '../startup-error.js';
import { OutcomeLinker } from '../stories/outcomes.js';
import { MarketFeed } from '../stream/market-feed.js';
import type { WorkerThreads } from '../worker-threads.js';

/** How often catalysts whose time has passed are linked to the stories that reported them. */
const OUTCOME_LINK_MS = 60_000;

export interface IngestContext {
  config: Config;
  log: Logger;
  life: Lifetime;
  readiness: Readiness;
  workers: WorkerThreads;
  /** Where the sources' feeds show their health. */
  health: SourceHealthBoard;
  /** The sources this configuration runs. */
  sources: Source[];
}

/** Lists the sources configured but off in the log, and in /v1/meta when nothing of them runs. */
export function sayOffSources(config: Config, health: SourceHealthBoard, log: Logger): void {
  for (const source of SOURCES) {
    const { on, offBecause } = source.settings(config);
    if (!offBecause) continue;
    log.info({ source: source.name }, `source ${source.name} off: ${offBecause}`);
    // Listed off in /v1/meta only when nothing of it runs (a calendar without its key leaves the others running).
    if (!on && source.kind) health.add(new SourceHealth(source.name, source.kind, 0, true));
  }
}

/**
 * Each running source's first load, with its progress on stderr and in /ready. The sources that write decide the
 * database's world: both the demo and real ones only when both are configured.
 */
export async function loadSources(
  ctx: IngestContext,
  datasets: DatasetService,
  services: LoadContext['services'],
): Promise<void> {
  const { config, readiness, log } = ctx;
  const origins = [...new Set(ctx.sources.map((s) => originOf(s.name)))];
  const mix = origins.length > 1;
  await datasets
    .refuse(origins, mix, 'run the demo beside real sources (TAPEWIRE_DEMO=1 with TAPEWIRE_SOURCES)')
    .catch((err: unknown) => {
      if (!(err instanceof WorldRefusedError)) throw err;
      // The likeliest wish of a plain start on data imported for real: to serve it.
      const serve = config.demo ? '. To serve the data it holds, start with TAPEWIRE_DEMO=0' : '';
      throw new StartupError(
        `${config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR ${config.dataDir}`}: ${err.message}${serve}`,
      );
    });
  for (const source of ctx.sources) {
    if (!source.load) continue;
    const what = source.loads ?? `source ${source.name}`;
    readiness.waitingFor(`loading ${what}`);
    const bar = progressBar(`loading ${what}`);
    await source.load({
      config,
      services,
      log,
      progress: (done, total) => {
        readiness.waitingFor(`loading ${what} (${Math.round((100 * done) / total)}%)`);
        bar(done, total);
      },
    });
  }
  await datasets.record(origins, mix);
}

export interface VenueFeeds {
  venueFeeds: VenueFeed[];
  ticker: Ticker | null;
}

/** The venue feeds of the loaded market and the tick loop that polls them; no loop without a venue feed. */
export async function openVenueFeeds(
  ctx: IngestContext,
  { state, cutShort }: LoadedMarket,
  store: MarketStore,
): Promise<VenueFeeds> {
  const { config, health, log, workers } = ctx;
  const venueFeeds: VenueFeed[] = [];
  for (const source of ctx.sources)
    venueFeeds.push(...((await source.venueFeeds?.({ config, state, store, health, log })) ?? []));
  const ticker = venueFeeds.length
    ? new Ticker(state, venueFeeds, store, log, { workers, minQuotes: config.poolWorkerMinQuotes })
    : null;
  if (ticker) {
    for (const [i, bar] of cutShort.instruments) ticker.resume({ instrument: i }, bar);
    for (const [j, bar] of cutShort.listings) ticker.resume({ listing: j }, bar);
  }
  return { venueFeeds, ticker };
}

/**
 * Starts the background work on the services: ticks and what follows them on the broadcast, moves, catalyst outcomes,
 * the sources' feeds, jobs. Resolves to how to link again what new stories explain (the control socket's relink).
 */
export async function startIngest(
  ctx: IngestContext,
  { venueFeeds, ticker }: VenueFeeds,
  deps: {
    /** Whether the database is the embedded one, which has no background workers to run its jobs. */
    embedded: boolean;
    storage: StorageService;
    services: Services;
    state: LoadedMarket['state'];
    broadcast: Broadcast;
  },
): Promise<() => Promise<void>> {
  const { config, log, life, readiness, workers, health } = ctx;
  const { services, state } = deps;
  if (ticker) {
    ticker.start(config.tickMs);
    life.onClose(() => ticker.stop());
    log.info(
      {
        instruments: state.instruments.length,
        listings: state.listings.length,
        tickMs: config.tickMs,
        pooling: ticker.pooling,
      },
      'venue feeds started',
    );
    const feed = new MarketFeed(services.instruments, ticker, deps.broadcast, config.stream.quoteMs);
    life.onClose(() => feed.stop());
  }
  readiness.waitingFor('finding unusual moves');
  const detector = new MoveDetector(services.moves, state, workers, config.moveFloors, log);
  await detector.run();
  life.onClose(() => detector.stop());
  ticker?.onTick(() => detector.onTick(clock.now()));
  const linker = new OutcomeLinker(services.catalysts, log);
  await linker.start(OUTCOME_LINK_MS);
  life.onClose(() => linker.stop());
  const relink = async () => {
    await Promise.all([linker.run(), detector.run()]);
  };
  for (const source of ctx.sources) {
    const stop = await source.start?.({ config, services, venueFeeds, health, relink, log });
    if (stop) life.onClose(stop);
  }
  // A TimescaleDB server runs its own jobs; the embedded database has no background workers to do it.
  if (deps.embedded) {
    const jobs = new JobRunner(deps.storage, log);
    jobs.start();
    life.onClose(() => jobs.stop());
  }
  return relink;
}
