// Answers kept in memory: per data version and per tick.
export * from './answer-cache.js';
