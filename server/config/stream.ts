// The SSE stream's settings: limits per client, cadence, replay, stalls, and the secret its tickets are signed with.
import type { EnvReader } from './env-reader.js';

export interface StreamConfig {
  /** Signs stream tickets; shared by every process behind one address (null: a random one per process). */
  streamTicketSecret: string | null;
  /** See StreamLimits in server/stream/hub.ts; `quoteMs` is the least time between two quotes of a symbol. */
  stream: StreamSettings;
}

export interface StreamSettings {
  perClient: number;
  quoteMs: number;
  heartbeatMs: number;
  lifetimeMs: number;
  replay: number;
  stallMs: number;
  maxPendingBytes: number;
  retryMs: number;
}

export function readStream(r: EnvReader): StreamConfig {
  return {
    streamTicketSecret: r.secret('STREAM_TICKET_SECRET'),
    stream: {
      perClient: r.int('STREAM_MAX_PER_KEY', 20, 1, 1_000_000),
      quoteMs: r.int('STREAM_QUOTE_MS', 100, 0, 60_000),
      heartbeatMs: r.int('STREAM_HEARTBEAT_S', 15, 1, 3600) * 1000,
      lifetimeMs: r.int('STREAM_LIFETIME_S', 86_400, 1, 604_800) * 1000,
      replay: r.int('STREAM_REPLAY', 2048, 16, 1_000_000),
      stallMs: r.int('STREAM_STALL_S', 30, 1, 3600) * 1000,
      maxPendingBytes: r.int('STREAM_MAX_PENDING_BYTES', 1 << 20, 65_536, 1 << 30),
      retryMs: r.int('STREAM_RETRY_MS', 3000, 100, 600_000),
    },
  };
}
