// Services of running the server: keys, metrics, storage, the stream and the sources universe.
export * from './ingest-lease.js';
export * from './keys.js';
export * from './metrics.js';
export * from './source-universe.js';
export * from './storage.js';
export * from './stream.js';
