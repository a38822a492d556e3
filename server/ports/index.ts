// The ports services and surfaces reach shared state through: each process wires the implementations its role needs.
export type { Broadcast, Outgoing, StreamCounts, StreamSubscribers } from './broadcast.js';
export type { ChangeSignal, DataVersions } from './change-signal.js';
export type { KeyChangeSignal } from './key-changes.js';
export type { InstrumentRow, ListingRow, MarketView, MarketWrites, OpenBars } from './market-view.js';
export type { RateLimitBucket, RateLimitStore, SurfaceRateLimits } from './rate-limit-store.js';
export type { SharedStreamCounts } from './stream-counts.js';
