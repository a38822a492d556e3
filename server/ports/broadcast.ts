// The stream as an interface: what producers publish (a tick's quotes, venues and candles, a story) and what the
// stream surface opens for a subscriber, so that messages can come from another process with the ids it gave them.
import type { CloseReason } from '../../core/stream/close-reasons.js';
import type { HttpResponse } from '../http/uws.js';

/** One message to publish: its SSE event name, what it supersedes (null: nothing), its topics, its JSON. */
export interface Outgoing {
  event: string;
  key: string | null;
  topics: readonly string[];
  json: string;
}

/**
 * Where producers send stream messages. The broadcast numbers each message as it is published, in order, so every
 * subscriber (on any process) sees it under the producer's id and can resume from it.
 */
export interface Broadcast {
  /** Publishes one batch (a tick's messages): numbered in order, kept for replay, delivered to their topics. */
  publish(batch: readonly Outgoing[]): void;
}

/** What the stream did since start, for /metrics: counted where it happens, read at each scrape. */
export interface StreamCounts {
  /** Messages written to subscribers, each subscriber's copy counted. */
  sent: number;
  /** Messages a backed-up subscriber never got: superseded by a later one of the same key while it was held. */
  conflated: number;
  /** Streams ended, by why. */
  ended: Record<CloseReason, number>;
}

/** The broadcast's subscribers on this process: admitted, opened on a response, counted. */
export interface StreamSubscribers {
  /** Throws 429 when `client`, allowed `rpm` requests a minute, already holds its allowance of streams. */
  admit(client: string, rpm: number): void;
  /**
   * Starts streaming `topics` on `res`, whose status and headers are written, from after `lastEventId` when it can;
   * returns how to end it.
   */
  open(
    res: HttpResponse,
    topics: string[],
    client: string,
    lastEventId: string | null,
    onClose: (reason: CloseReason) => void,
  ): (reason: CloseReason) => void;
  /** Streams open now, and how many of them are backed up. */
  readonly streams: { subscribers: number; backedUp: number };
  readonly counts: StreamCounts;
}
