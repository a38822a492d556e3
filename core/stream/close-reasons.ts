// Why a stream ended: one list for the hub that ends streams, the access log and /metrics that count them.

/**
 * Why a stream ended, as the access log's `ended` says. The server ends a stream because its key may no longer hold
 * it: `revoked` (the key was revoked, or is gone from the database) and `limit_lowered` (its rate limit now allows
 * fewer streams than it holds); those two end with a last `closed` event that says so. `interrupted`: the feed of
 * this node's messages (a scale-out's broker) is lost, so its streams would go silent: they end with a `closed` event
 * and a retry hint, and resume with no gap from another node or from this one once its feed is back.
 */
export type CloseReason =
  | 'client'
  | 'lifetime'
  | 'stalled'
  | 'overflow'
  | 'shutdown'
  | 'revoked'
  | 'limit_lowered'
  | 'interrupted';
export const CLOSE_REASONS: readonly CloseReason[] = [
  'client',
  'lifetime',
  'stalled',
  'overflow',
  'shutdown',
  'revoked',
  'limit_lowered',
  'interrupted',
];
