// Answers kept in memory: per data version and per tick, within one budget.
export * from './answer-cache.js';
export * from './kept-answers.js';
