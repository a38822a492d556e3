// One WebSocket stream: its topics (the upgrade's, then its subscribe and unsubscribe frames), the backlog each topic
// it adds starts with (as an SSE stream's), and its end, whoever ends it. Live messages reach it through its group's
// uWS topic (sockets.ts), never through this object.
import { ApiError } from '../../core/errors.js';
import type { CloseReason } from '../../core/stream/close-reasons.js';
import { MAX_TOPICS } from '../../core/stream/topics.js';
import { parseWsRequest, wsFromSse, wsNotice } from '../../core/stream/ws.js';
import { clock } from '../clock.js';
import type { StreamSettings } from '../config/stream.js';
import { asApiError } from '../http/respond.js';
import type { Socket, SocketSession } from '../http/socket.js';
import type { Logger } from '../log.js';
import type { StreamSubscribers, TrackedStream } from '../ports/broadcast.js';

/** Sockets with the same stream topics, subscribed to one uWS topic named `name`. */
export interface Group {
  name: string;
  topics: Set<string>;
  sockets: number;
}

/** What a stream needs of the sockets it is one of (SocketHub, in sockets.ts). */
export interface Sockets {
  hub: StreamSubscribers;
  log: Logger;
  limits: Pick<StreamSettings, 'lifetimeMs' | 'stallMs'>;
  join(topics: readonly string[]): Group;
  leave(group: Group): void;
  opened(stream: SocketStream): void;
  closed(stream: SocketStream): void;
}

export interface SocketStreamOptions {
  client: string;
  /** The canonical topics it opens with (none: it subscribes by its frames), and the id to resume them after. */
  topics: string[];
  lastEventId: string | null;
  /** The canonical topics a frame names: throws a 422 for a bad one, a 401 for one the stream's ticket does not grant. */
  resolve(names: string[]): string[];
}

type ServerReason = Exclude<CloseReason, 'client' | 'overflow'>;

/** The close frame (RFC 6455 code, and a reason of at most 123 bytes) of each way the server ends a stream. */
const CLOSE: Record<ServerReason, [number, string]> = {
  revoked: [1008, 'revoked: this API key was revoked'],
  limit_lowered: [1008, "limit_lowered: the key's rate limit now allows fewer streams"],
  stalled: [1013, 'too slow: backed up for STREAM_STALL_S; reconnect and resume with lastEventId'],
  lifetime: [1001, 'lifetime: reconnect and resume with lastEventId'],
  shutdown: [1001, 'shutdown: the server is stopping'],
  interrupted: [1013, 'interrupted: the feed of this server is lost; reconnect and resume with lastEventId'],
};
/**
 * Frames a socket may send at once, and how many a second after that. A subscribe frame replays up to STREAM_REPLAY
 * messages of each of its 50 topics: without a bound, one socket could make the server rebuild backlogs in a loop.
 */
const FRAME_BURST = 20;
const FRAMES_PER_S = 1;

/** What uWS reports when it cut a socket itself: its backlog passed maxBackpressure. */
const ABNORMAL = 1006;

export class SocketStream implements SocketSession, TrackedStream {
  readonly client: string;
  readonly opened = clock.now();
  private ws: Socket | null = null;
  private topics: string[] = [];
  private group: Group | null = null;
  /** When its socket was first seen backed up by the sweep, or 0 while it takes what is sent. */
  private backedUpSince = 0;
  private untrack: ((reason: CloseReason) => void) | null = null;
  /** Why the server ended it; null while it is open, or when the client or uWS closed it. */
  private endedBy: ServerReason | null = null;
  /** Frames it may still send now (FRAME_BURST), as of `framesAt`. */
  private frames = FRAME_BURST;
  private framesAt = clock.now();

  constructor(
    private readonly sockets: Sockets,
    private readonly options: SocketStreamOptions,
  ) {
    this.client = options.client;
  }

  open(ws: Socket): void {
    this.ws = ws;
    this.untrack = this.sockets.hub.track(this);
    this.sockets.opened(this);
    if (this.options.topics.length) this.subscribe(ws, this.options.topics, this.options.lastEventId);
  }

  message(ws: Socket, data: ArrayBuffer, isBinary: boolean): void {
    try {
      if (!this.takeFrame(clock.now()))
        throw new ApiError(
          'rate_limited',
          `A socket sends at most ${FRAME_BURST} frames at once, then ${FRAMES_PER_S} a second: this one was not read`,
        );
      if (isBinary) throw new ApiError('bad_request', 'Frames are JSON text: {"op":"subscribe","topics":["quotes"]}');
      const request = parseWsRequest(Buffer.from(data).toString());
      if ('problem' in request) throw new ApiError('bad_request', request.problem);
      const topics = this.options.resolve(request.topics);
      if (request.op === 'subscribe') this.subscribe(ws, topics, request.from);
      else this.unsubscribe(ws, topics);
    } catch (err) {
      // A bad frame is answered and the stream goes on: nothing a client sends is worth its other topics.
      const e = asApiError(this.sockets.log, err, { route: '/v1/ws', client: this.client });
      ws.send(JSON.stringify({ error: { code: e.code, message: e.message, details: e.details ?? undefined } }));
    }
  }

  /** Whether a frame may be read at `now`, taking it from the socket's allowance. */
  private takeFrame(now: number): boolean {
    this.frames = Math.min(FRAME_BURST, this.frames + ((now - this.framesAt) / 1000) * FRAMES_PER_S);
    this.framesAt = now;
    if (this.frames < 1) return false;
    this.frames--;
    return true;
  }

  close(code: number): string {
    const why: CloseReason = this.endedBy ?? (code === ABNORMAL && this.backedUpSince ? 'overflow' : 'client');
    if (this.group) this.sockets.leave(this.group);
    this.group = null;
    this.ws = null;
    this.sockets.closed(this);
    this.untrack?.(why);
    return why;
  }

  /** Ends the stream from the server's side; `message` goes first in a `closed` frame (revoked, limit_lowered, interrupted). */
  end(reason: ServerReason, message?: string): void {
    const ws = this.ws;
    if (!ws) return;
    this.endedBy = reason;
    const [code, text] = CLOSE[reason];
    ws.cork(() => {
      if (message) ws.send(wsNotice('closed', { data: { reason, message } }));
      ws.end(code, text);
    });
  }

  /** The sweep's look: a stream past its lifetime ends, and one backed up since STREAM_STALL_S is closed. */
  check(now: number): void {
    const ws = this.ws;
    if (!ws) return;
    const { lifetimeMs, stallMs } = this.sockets.limits;
    if (now - this.opened >= lifetimeMs) this.end('lifetime');
    else if (ws.getBufferedAmount() === 0) this.backedUpSince = 0;
    else if (!this.backedUpSince) this.backedUpSince = now;
    else if (now - this.backedUpSince >= stallMs) this.end('stalled');
  }

  /** Adds `topics`: acknowledged, then the backlog of those it did not hold (from `from`, or their present state). */
  private subscribe(ws: Socket, topics: string[], from: string | null): void {
    const added = topics.filter((t) => !this.topics.includes(t));
    const total = this.topics.length + added.length;
    if (total > MAX_TOPICS)
      throw new ApiError('validation_failed', `A stream holds at most ${MAX_TOPICS} topics; this would make ${total}`, [
        { in: 'arguments', param: 'topics', message: `${total} topics; at most ${MAX_TOPICS}` },
      ]);
    if (added.length) this.regroup(ws, [...this.topics, ...added]);
    const backlog = added.length ? this.sockets.hub.backlog(added, from) : [];
    this.sockets.hub.counts.sent += backlog.length;
    ws.cork(() => {
      ws.send(wsNotice('subscribed', { topics }));
      for (const m of backlog) ws.send(wsFromSse(m.frame));
    });
  }

  private unsubscribe(ws: Socket, topics: string[]): void {
    const kept = this.topics.filter((t) => !topics.includes(t));
    if (kept.length !== this.topics.length) this.regroup(ws, kept);
    ws.send(wsNotice('unsubscribed', { topics }));
  }

  /**
   * Moves the socket to the group of `topics`. It joins the new group's uWS topic before it leaves the old one: uWS
   * may free a subscriber as it leaves its last topic, and with it what was published to it and not yet sent.
   */
  private regroup(ws: Socket, topics: string[]): void {
    const before = this.group;
    this.topics = topics;
    this.group = topics.length ? this.sockets.join(topics) : null;
    if (this.group) ws.subscribe(this.group.name);
    if (before) {
      ws.unsubscribe(before.name);
      this.sockets.leave(before);
    }
  }
}
