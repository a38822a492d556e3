// Why a stream ended: one list for the hub that ends streams, the access log and /metrics that count them.

/**
 * Why a stream ended, as the access log's `ended` says. The server ends a stream because its key may no longer hold
 * it: `revoked` (the key was revoked, or is gone from the database) and `limit_lowered` (its rate limit now allows
 * fewer streams than it holds); those two end with a last `closed` event that says so.
 */
export type CloseReason = 'client' | 'lifetime' | 'stalled' | 'overflow' | 'shutdown' | 'revoked' | 'limit_lowered';
export const CLOSE_REASONS: readonly CloseReason[] = [
  'client',
  'lifetime',
  'stalled',
  'overflow',
  'shutdown',
  'revoked',
  'limit_lowered',
];
