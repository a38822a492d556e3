// What a source is to the server: its parser of recorded payloads (core/sources/<name>, for the import command), its
// settings from config, and the hooks that load, poll and publish its data (server/feeds/<name>).
import type { ParsedPayload, PayloadContext } from '../../core/sources/records.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { MarketState } from '../market/state.js';
import type { Services } from '../services/index.js';
import type { SourceUniverseService } from '../services/ops/source-universe.js';
import type { StorageService } from '../services/ops/storage.js';
import type { MetaService } from '../services/read/meta.js';
import type { SourceHealth, SourceHealthBoard } from '../services/read/source-health.js';
import type { ImportService } from '../services/write/imports.js';
import type { MarketStore } from '../services/write/market-store.js';
import type { VenueFeed } from './venue-feed.js';

/** Whether a source runs, how often each of its feeds does its work, and the credentials it uses (their names only). */
export interface SourceSettings {
  on: boolean;
  intervalsMs: Record<string, number>;
  credentials: string[];
  /** Why it is off though configured to run (a credential missing): said once at start. */
  offBecause?: string;
}

export interface Source {
  name: string;
  description: string;
  /** What its feeds are in /v1/meta's sources; none for a source that only imports (profiles). */
  kind?: SourceHealth['kind'];
  settings(config: Config): SourceSettings;
  /**
   * Reads one recorded payload in the source's own format, with what its caller knows of it that it may not say
   * itself (its file's name, the key it was asked for); throws a PayloadError when it is not one.
   */
  parse(text: string, context: PayloadContext): ParsedPayload;
  /** On start, before the market loads: fills an empty database (the demo universe). */
  load?(ctx: LoadContext): Promise<void>;
  /** What `load` fills, as /ready and the progress bar name it. */
  loads?: string;
  /** Its venue feeds for the tick loop, once the market state is loaded. */
  venueFeeds?(ctx: {
    config: Config;
    state: MarketState;
    store: MarketStore;
    health: SourceHealthBoard;
    log: Logger;
  }): Promise<VenueFeed[]>;
  /** Starts its other feeds on the services (news, calendars, outcomes); resolves to how to stop them. */
  start?(ctx: StartContext): Promise<() => Promise<void>>;
}

export interface StartContext {
  config: Config;
  services: Services;
  venueFeeds: VenueFeed[];
  /** Where its feeds show their health (/v1/meta's sources, /metrics). */
  health: SourceHealthBoard;
  /** Links what new stories explain: catalyst outcomes and the causes of moves. */
  relink(): Promise<void>;
  log: Logger;
}

export interface LoadContext {
  config: Config;
  services: { meta: MetaService; imports: ImportService; storage: StorageService; universe: SourceUniverseService };
  /** Tells /ready and stderr how far the load is. */
  progress(done: number, total: number): void;
  log: Logger;
}
