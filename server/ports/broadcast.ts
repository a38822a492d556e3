// The stream as an interface: what producers publish (a tick's quotes, venues and candles, a story) and what the
// stream surface opens for a subscriber, so that messages can come from another process with the ids it gave them.
import type { CloseReason } from '../../core/stream/close-reasons.js';
import type { Buffered } from '../../core/stream/replay.js';
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

/** What the broadcast delivers, with its id: told to the listeners of `onPublish`. */
export type PublishListener = (batch: readonly Outgoing[], firstId: number) => void;

/**
 * A stream the broadcast does not write itself (a WebSocket's, whose fan-out is uWS's): counted against its client's
 * allowance like the broadcast's own, and ended with why when its key may no longer hold it.
 */
export interface TrackedStream {
  client: string;
  opened: number;
  end(reason: 'revoked' | 'limit_lowered' | 'interrupted', message: string): void;
}

/** The broadcast's subscribers on this process: admitted, opened on a response, counted. */
export interface StreamSubscribers {
  /**
   * Throws 429 when `client`, allowed `rpm` requests a minute, already holds its allowance of streams; a promise that
   * does so when the other nodes' streams had to be asked.
   */
  admit(client: string, rpm: number): void | Promise<void>;
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
  /**
   * What a stream of `topics` gets before live messages: what it missed since `lastEventId` (or a `reset` and the
   * present state when that is no longer held), else the present state of its topics; in id order, as SSE frames.
   */
  backlog(topics: readonly string[], lastEventId: string | null): Buffered[];
  /** Counts `stream` against its client's allowance until the returned function says why it ended. */
  track(stream: TrackedStream): (reason: CloseReason) => void;
  /** Calls `listener` with every batch once its ids are given, in publishing order. */
  onPublish(listener: PublishListener): void;
}
