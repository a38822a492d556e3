// Answers kept in memory: per data version, per tick, and candle blocks as bytes.
export * from './answer-cache.js';
export * from './candle-answers.js';
