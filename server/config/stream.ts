// The stream's settings (SSE and WebSocket): limits per client, cadence, replay, stalls, and the secret its tickets are signed with.
import type { EnvReader } from './env-reader.js';

export interface StreamConfig {
  /** Signs stream tickets; shared by every process behind one address (null: a random one per process). */
  streamTicketSecret: string | null;
  stream: StreamSettings;
}

export interface StreamSettings {
  /** Concurrent streams per API key (or per IP for anonymous access), at most: see streamAllowance (stream/hub.ts). */
  perClient: number;
  /** The least time between two quotes of a symbol. */
  quoteMs: number;
  heartbeatMs: number;
  /** A stream is ended (cleanly: the client reconnects and resumes) after this long. */
  lifetimeMs: number;
  /** Messages each topic keeps for clients that reconnect. */
  replay: number;
  /** A subscriber whose socket stays backed up this long is closed. */
  stallMs: number;
  /** A backed-up subscriber holding more than this in messages it has not taken is closed. */
  maxPendingBytes: number;
  /** What the stream tells clients to wait before reconnecting. */
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
