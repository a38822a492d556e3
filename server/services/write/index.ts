// Services that write: the writer and its writers per kind, imports, the market store, backfills and the demo store.
export * from './bar-rows.js';
export * from './datasets.js';
export * from './demo.js';
export * from './history-import.js';
export * from './imports.js';
export * from './macro-writer.js';
export * from './market-store.js';
export * from './mentions.js';
export * from './odds-writer.js';
export * from './profile-writer.js';
export * from './sec-writer.js';
export * from './story-writer.js';
export * from './venue-backfill.js';
export * from './world-imports.js';
export * from './write-support.js';
export * from './writer.js';
