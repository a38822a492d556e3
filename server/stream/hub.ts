// The stream hub: every message is serialized once, kept for replay per topic, and its bytes written to every
// subscriber of its topics. Subscribers with the same topics form a group that shares one buffer per batch, so a tick
// costs one corked write per subscriber and no per-subscriber JSON. A subscriber whose socket is backed up gets its
// messages conflated (latest per key) until it drains, and is closed if it stays backed up. A key holds at most its
// stream allowance (streamAllowance), checked when a stream opens and again whenever the keys are reloaded (enforce).
// WebSocket streams (server/stream/sockets.ts) take the same messages and ids as they are published (onPublish), the
// same backlog, and count against the same allowance (track). On an api node of a scale-out the hub publishes nothing
// itself: it is fed the ingest leader's batches with the leader's ids (deliver), so a client resumes on any node. There
// the allowance counts every node's streams (shareCounts), and a lost feed ends the streams with a retry hint (interrupt).
import { CLOSE_REASONS, type CloseReason } from '../../core/stream/close-reasons.js';
import { type Buffered, mergeById, ReplayBuffer } from '../../core/stream/replay.js';
import { HEARTBEAT, parseLastEventId, sseMessage, sseOpening } from '../../core/stream/sse.js';
import { clock } from '../clock.js';
import type { StreamSettings } from '../config/stream.js';
import { andThen } from '../http/maybe-later.js';
import type { HttpResponse } from '../http/uws.js';
import { RateLimitError } from '../limits.js';
import type {
  Broadcast,
  Outgoing,
  PublishListener,
  StreamCounts,
  StreamSubscribers,
  TrackedStream,
} from '../ports/broadcast.js';
import type { SharedStreamCounts } from '../ports/stream-counts.js';

/** Why the server ends a stream for its key; and with `interrupted`, every reason a `closed` event gives. */
type KeyReason = 'revoked' | 'limit_lowered';
type ServerEnd = KeyReason | 'interrupted';

/** Retry-After of the 429 for one stream too many: when the client's other streams end is unknown, so a fixed pause. */
const STREAM_CAP_RETRY_S = 10;

/** The stream's settings the hub applies (server/config/stream.ts); the market feed paces quotes by `quoteMs`. */
export type StreamLimits = Omit<StreamSettings, 'quoteMs'>;

/**
 * The one rule of how many streams a client may hold at once: no more than the requests it may make a minute (its
 * rpm), and never more than STREAM_MAX_PER_KEY (`perClient`). Opening a stream costs one request and an open stream
 * keeps taking a share of the server for up to STREAM_LIFETIME_S, so a key allowed 3 requests a minute holds at most
 * 3 streams, even if it opened them minutes apart; a key that is not active (revoked, gone: `rpm` null) or has an rpm
 * of 0 holds none. The same allowance admits a new stream (one more is a 429) and, when keys are reloaded, ends the
 * streams a key holds beyond it.
 */
export function streamAllowance(rpm: number | null, perClient: number): number {
  if (rpm === null || !(rpm >= 1)) return 0;
  return Math.min(perClient, Math.floor(rpm));
}

interface Subscriber {
  res: HttpResponse;
  group: Group;
  client: string;
  opened: number;
  /** When its socket backed up, or 0 while it takes what is written. */
  backedUpSince: number;
  /** Messages held while backed up: by key, the latest wins; unkeyed ones (stories) by id. */
  pending: Map<string, Buffered>;
  pendingBytes: number;
  closed: boolean;
  onClose: (reason: CloseReason) => void;
}

interface Group {
  signature: string;
  topics: Set<string>;
  subscribers: Set<Subscriber>;
}

/** The in-process broadcast: it numbers what it publishes and writes it to this process's subscribers. */
export class StreamHub implements Broadcast, StreamSubscribers {
  private readonly buffers = new Map<string, ReplayBuffer>();
  private readonly groups = new Map<string, Group>();
  private readonly perClient = new Map<string, number>();
  private readonly subscribers = new Set<Subscriber>();
  private readonly tracked = new Set<TrackedStream>();
  private readonly listeners: PublishListener[] = [];
  private shared: SharedStreamCounts | null = null;
  /** Why this hub's feed is lost (a scale-out's broker away), or null while its messages come. */
  private interruptedBy: string | null = null;
  /**
   * Ids start at the boot time in µs, so they keep increasing across restarts and an id from before is told apart. A
   * hub fed another process's messages (`deliver`) holds its ids instead; `firstId` is then the id a client may resume
   * from with nothing missed.
   */
  private firstId: number;
  private lastId: number;
  /** Whether the ids are another process's: the first batch delivered sets them. */
  private fed = false;
  private lastHeartbeat = clock.now();
  private readonly sweeper: NodeJS.Timeout;
  readonly counts: StreamCounts = {
    sent: 0,
    conflated: 0,
    ended: Object.fromEntries(CLOSE_REASONS.map((r) => [r, 0])) as Record<CloseReason, number>,
  };

  constructor(readonly limits: StreamLimits) {
    this.firstId = clock.now() * 1000;
    this.lastId = this.firstId;
    this.sweeper = setInterval(() => this.sweep(clock.now()), Math.min(1000, limits.heartbeatMs));
    this.sweeper.unref();
  }

  /**
   * The feed of this hub's messages is lost (`why`: a scale-out's broker is away) or back (null). While it is lost a
   * stream would go silent: every open one ends with a `closed` event (`interrupted`, saying why) carrying a `retry:`
   * hint, and one opened meanwhile gets the present state held here, then the same end. Clients reconnect after the
   * hint with Last-Event-ID, and resume with no gap once a node's feed is back.
   */
  interrupt(why: string | null): void {
    if (why === this.interruptedBy) return;
    this.interruptedBy = why;
    if (why === null) return;
    for (const sub of [...this.subscribers]) this.end(sub, 'interrupted', this.interruptedNotice(why));
    for (const stream of [...this.tracked]) stream.end('interrupted', why);
  }

  /**
   * Streams counted across nodes from now on (an api node of a scale-out): asked before admitting one more, told of
   * each open and close.
   */
  shareCounts(shared: SharedStreamCounts): void {
    this.shared = shared;
  }

  /**
   * Throws 429 when `client`, allowed `rpm` requests a minute, already holds its allowance of streams; with counts
   * shared across nodes, a promise that does so once they are asked (only when this node's alone leave room).
   */
  admit(client: string, rpm: number): void | Promise<void> {
    const open = this.perClient.get(client) ?? 0;
    const allowance = streamAllowance(rpm, this.limits.perClient);
    if (open >= allowance) throw this.overAllowance(client, rpm, open, allowance);
    if (!this.shared) return;
    return andThen(this.shared.admit(client, allowance, open), (elsewhere) => {
      if (elsewhere !== null) throw this.overAllowance(client, rpm, open + elsewhere, allowance);
    });
  }

  /** The `closed` event of a stream ended because the feed is lost, with the hint of when to reconnect. */
  private interruptedNotice(why: string): string {
    return closedNotice('interrupted', `${why}: reconnect with Last-Event-ID to resume`, this.limits.retryMs);
  }

  private overAllowance(client: string, rpm: number, open: number, allowance: number): RateLimitError {
    const who = client.startsWith('key:') ? 'This key' : 'This address (without a key)';
    const why = allowance < this.limits.perClient ? `, as its rate limit is ${rpm} requests a minute` : '';
    return new RateLimitError(
      STREAM_CAP_RETRY_S,
      `${who} already holds ${open} open streams (at most ${allowance}${why}); close one first`,
    );
  }

  /**
   * Ends the streams that keys may no longer hold, after the keys were reloaded: every stream of a key that is no
   * longer active, and of a key whose rate limit was lowered the oldest beyond its allowance (streamAllowance). `rpmOf`
   * gives the rpm of the active key whose client id (`key:<id>`) it is given, null when no active key has that id.
   * Anonymous streams (`ip:`) are left alone. Each ended stream gets a last `closed` event saying why, then ends.
   * Returns how many streams it ended.
   */
  enforce(rpmOf: (client: string) => number | null): number {
    const over = new Map<string, { rpm: number | null; allowance: number; excess: number }>();
    for (const [client, open] of this.perClient) {
      if (!client.startsWith('key:')) continue;
      const rpm = rpmOf(client);
      const allowance = streamAllowance(rpm, this.limits.perClient);
      if (open > allowance) over.set(client, { rpm, allowance, excess: open - allowance });
    }
    if (!over.size) return 0;
    // The oldest of each key come first, whichever surface holds them.
    const streams = [...this.subscribers, ...this.tracked].sort((a, b) => a.opened - b.opened);
    const ending: [Subscriber | TrackedStream, KeyReason, string][] = [];
    for (const stream of streams) {
      const o = over.get(stream.client);
      if (!o?.excess) continue;
      o.excess--;
      if (o.rpm === null)
        ending.push([
          stream,
          'revoked',
          'This API key was revoked: its streams are closed and it is refused from now on',
        ]);
      else {
        const message =
          `This key's rate limit is now ${o.rpm} requests a minute, which allows ${o.allowance} streams at once; ` +
          'its oldest streams beyond that are closed. Reconnecting is refused (429) while it holds that many';
        ending.push([stream, 'limit_lowered', message]);
      }
    }
    for (const [stream, reason, message] of ending) {
      if ('res' in stream) this.end(stream, reason, closedNotice(reason, message));
      else stream.end(reason, message);
    }
    return ending.length;
  }

  /**
   * Starts streaming `topics` on `res`, whose status and headers are written. A client resuming from `lastEventId`
   * gets every message it missed, or a `reset` when some are no longer held; a new client, and one after a `reset`,
   * gets the present state of its topics (the latest quote of each symbol, ...).
   */
  open(
    res: HttpResponse,
    topics: string[],
    client: string,
    lastEventId: string | null,
    onClose: (reason: CloseReason) => void,
  ): (reason: CloseReason) => void {
    const group = this.group(topics);
    const sub: Subscriber = {
      res,
      group,
      client,
      opened: clock.now(),
      backedUpSince: 0,
      pending: new Map(),
      pendingBytes: 0,
      closed: false,
      onClose,
    };
    group.subscribers.add(sub);
    this.subscribers.add(sub);
    this.count(client, 1);
    res.onWritable(() => this.drain(sub));
    const backlog = this.backlog(topics, lastEventId);
    this.counts.sent += backlog.length;
    const first = concatFrames(backlog);
    res.cork(() => {
      this.write(sub, sseOpening(this.limits.retryMs));
      if (first.byteLength) this.write(sub, first);
    });
    if (this.interruptedBy) this.end(sub, 'interrupted', this.interruptedNotice(this.interruptedBy));
    return (reason) => this.forget(sub, reason);
  }

  /**
   * What a stream of `topics` gets before live messages: from `lastEventId`, every message it missed, or a `reset`
   * when some are no longer held; without one, and after a `reset`, the present state of its topics (the latest quote
   * of each symbol, ...). In id order, as SSE frames.
   */
  backlog(topics: readonly string[], lastEventId: string | null): Buffered[] {
    const id = lastEventId === null ? null : parseLastEventId(lastEventId);
    const missed = id === null ? null : this.missedSince(id, topics);
    if (missed) return missed;
    const state = mergeById(topics.map((t) => this.buffer(t).current()));
    if (lastEventId === null) return state;
    // Numbered just before the state that follows it, so that ids keep increasing.
    const resetId = state.length ? state[0]!.id - 1 : this.lastId;
    const json = JSON.stringify(this.resetBody(lastEventId, id));
    return [{ id: resetId, key: null, frame: Buffer.from(sseMessage('reset', resetId, json)) }, ...state];
  }

  /** Counts `stream` against its client's allowance (see `admit`) until the returned function says why it ended. */
  track(stream: TrackedStream): (reason: CloseReason) => void {
    this.tracked.add(stream);
    this.count(stream.client, 1);
    // Ended once its opening is done, as an SSE stream opened while the feed is lost.
    const why = this.interruptedBy;
    if (why) queueMicrotask(() => stream.end('interrupted', why));
    return (reason) => {
      if (!this.tracked.delete(stream)) return;
      this.release(stream.client);
      this.counts.ended[reason]++;
    };
  }

  /** Calls `listener` with every batch once its ids are given, in publishing order. */
  onPublish(listener: PublishListener): void {
    this.listeners.push(listener);
  }

  /** Publishes one batch (a tick's messages): ids in order, kept for replay, written once per group. */
  publish(batch: readonly Outgoing[]): void {
    if (batch.length) this.broadcast(batch);
  }

  /**
   * A producer taking over from another process numbers from after `lastId`, the last id that one published, before
   * publishing its own: ids follow on across a failover with no gap, whatever the two machines' clocks say.
   */
  continueAfter(lastId: number): void {
    this.firstId = this.lastId = lastId;
  }

  /**
   * Takes a batch another process published, with its ids (`firstId` and on): a hub fed this way never publishes its
   * own. Messages it holds already are skipped; after a gap (messages lost on the way, or the first batch), clients
   * resume only from after it.
   */
  deliver(batch: readonly Outgoing[], firstId: number): void {
    if (!this.fed || firstId > this.lastId + 1) {
      this.fed = true;
      this.firstId = this.lastId = firstId - 1;
    }
    const held = this.lastId + 1 - firstId;
    if (held < batch.length) this.broadcast(held ? batch.slice(held) : batch);
  }

  /** Numbers `batch` from the next id, keeps it for replay and writes it once per group. */
  private broadcast(batch: readonly Outgoing[]): void {
    const firstId = this.lastId + 1;
    const messages = batch.map((m) => {
      const id = ++this.lastId;
      const buffered: Buffered = { id, key: m.key, frame: Buffer.from(sseMessage(m.event, id, m.json)) };
      for (const topic of m.topics) this.buffer(topic).push(buffered);
      return { buffered, topics: m.topics };
    });
    for (const listener of this.listeners) listener(batch, firstId);
    for (const group of this.groups.values()) {
      if (!group.subscribers.size) continue;
      const mine = messages.filter((m) => m.topics.some((t) => group.topics.has(t))).map((m) => m.buffered);
      if (!mine.length) continue;
      const bytes = concatFrames(mine);
      for (const sub of group.subscribers) {
        if (sub.backedUpSince) this.hold(sub, mine);
        else {
          sub.res.cork(() => this.write(sub, bytes));
          this.counts.sent += mine.length;
        }
      }
    }
  }

  /** Streams open now (WebSockets included), and how many SSE ones are backed up (held until their socket drains). */
  get streams(): { subscribers: number; backedUp: number } {
    let backedUp = 0;
    for (const sub of this.subscribers) if (sub.backedUpSince) backedUp++;
    return { subscribers: this.subscribers.size + this.tracked.size, backedUp };
  }

  /** Ends every stream (the server is stopping) and stops the timers. */
  close(): void {
    clearInterval(this.sweeper);
    for (const sub of [...this.subscribers]) this.end(sub, 'shutdown');
  }

  private group(topics: string[]): Group {
    const signature = [...topics].sort().join(',');
    let group = this.groups.get(signature);
    if (!group) this.groups.set(signature, (group = { signature, topics: new Set(topics), subscribers: new Set() }));
    return group;
  }

  private buffer(topic: string): ReplayBuffer {
    let buffer = this.buffers.get(topic);
    if (!buffer) this.buffers.set(topic, (buffer = new ReplayBuffer(this.limits.replay)));
    return buffer;
  }

  /** The messages of `topics` after id `lastId` in id order, or null when the client cannot be brought up to date. */
  private missedSince(lastId: number, topics: readonly string[]): Buffered[] | null {
    if (!this.wrote(lastId)) return null;
    const lists: Buffered[][] = [];
    for (const topic of topics) {
      const since = this.buffer(topic).since(lastId);
      if (!since) return null;
      lists.push(since);
    }
    return mergeById(lists);
  }

  /** Whether `id` is one this process could have written: an id from before it started cannot be resumed from. */
  private wrote(id: number | null): boolean {
    return id !== null && id >= this.firstId && id <= this.lastId;
  }

  private resetBody(lastEventId: string, id: number | null) {
    const expired = this.wrote(id);
    return {
      reason: expired ? 'expired' : 'unknown',
      lastEventId: lastEventId.slice(0, 64),
      message: expired
        ? 'Messages after this id are no longer held: the present state of your topics follows (the latest message per symbol, listing and candle); stories missed meanwhile are at GET /v1/events'
        : 'This server did not write this id since it started: the present state of your topics follows; stories missed meanwhile are at GET /v1/events',
    };
  }

  /** Writes (the caller corks) and notices backpressure: from then on messages are held until the socket drains. */
  private write(sub: Subscriber, bytes: string | Buffer): void {
    if (sub.closed) return;
    if (!sub.res.write(bytes)) sub.backedUpSince ||= clock.now();
  }

  private hold(sub: Subscriber, messages: Buffered[]): void {
    for (const m of messages) {
      const key = m.key ?? `#${m.id}`;
      const before = sub.pending.get(key);
      if (before) {
        sub.pendingBytes -= before.frame.byteLength;
        this.counts.conflated++;
      }
      sub.pending.set(key, m);
      sub.pendingBytes += m.frame.byteLength;
    }
    if (sub.pendingBytes > this.limits.maxPendingBytes) this.end(sub, 'overflow');
  }

  /** The socket can take more: send what was held (in id order) and, if it all went, carry on live. */
  private drain(sub: Subscriber): boolean {
    if (sub.closed) return true;
    if (sub.pending.size) {
      const held = [...sub.pending.values()].sort((a, b) => a.id - b.id);
      sub.pending.clear();
      sub.pendingBytes = 0;
      this.counts.sent += held.length;
      if (!sub.res.write(concatFrames(held))) return false;
    }
    sub.backedUpSince = 0;
    return true;
  }

  private sweep(now: number): void {
    const beat = now - this.lastHeartbeat >= this.limits.heartbeatMs;
    if (beat) this.lastHeartbeat = now;
    const ending: [Subscriber, CloseReason][] = [];
    for (const sub of this.subscribers) {
      if (now - sub.opened >= this.limits.lifetimeMs) ending.push([sub, 'lifetime']);
      else if (sub.backedUpSince && now - sub.backedUpSince >= this.limits.stallMs) ending.push([sub, 'stalled']);
      else if (beat && !sub.backedUpSince) sub.res.cork(() => this.write(sub, HEARTBEAT));
    }
    for (const [sub, reason] of ending) this.end(sub, reason);
  }

  /** A stream's end, whatever ended it: the client left, its time was up, it fell behind, or the server stops. */
  private forget(sub: Subscriber, reason: CloseReason): void {
    if (sub.closed) return;
    sub.closed = true;
    sub.group.subscribers.delete(sub);
    // Clients choose their topic sets: a group lives only while someone holds it, so their number stays bounded.
    if (!sub.group.subscribers.size) this.groups.delete(sub.group.signature);
    this.subscribers.delete(sub);
    this.release(sub.client);
    sub.pending.clear();
    this.counts.ended[reason]++;
    sub.onClose(reason);
  }

  private release(client: string): void {
    this.count(client, -1);
  }

  /** `client` holds `change` streams more (or fewer), here and as told to the other nodes. */
  private count(client: string, change: number): void {
    const now = Math.max(0, (this.perClient.get(client) ?? 0) + change);
    if (now) this.perClient.set(client, now);
    else this.perClient.delete(client);
    this.shared?.held(client, now);
  }

  /**
   * Ends the response from this side: cleanly when the client is keeping up, at once when it is not. `notice` is a
   * last message saying why, written before the end; a client too far behind to read it soon is cut instead.
   */
  private end(sub: Subscriber, reason: CloseReason, notice?: string): void {
    if (sub.closed) return;
    const { res } = sub;
    const behind = sub.backedUpSince !== 0;
    this.forget(sub, reason);
    if (reason === 'stalled' || reason === 'overflow' || (notice && behind)) res.close();
    else res.cork(() => (notice ? res.end(notice) : res.end()));
  }
}

/**
 * The `closed` event a stream ends with when the server ends it for its key, or as its feed is lost (with a `retry:`
 * hint first: core/schemas/stream.ts ClosedMessage).
 * It has no `id:`: it is not one of the topics' messages, and EventSource's Last-Event-ID stays at the last of those.
 */
function closedNotice(reason: ServerEnd, message: string, retryMs?: number): string {
  const retry = retryMs === undefined ? '' : `retry: ${retryMs}\n`;
  return `${retry}event: closed\ndata: ${JSON.stringify({ reason, message })}\n\n`;
}

function concatFrames(messages: Buffered[]): Buffer {
  return messages.length === 1 ? messages[0]!.frame : Buffer.concat(messages.map((m) => m.frame));
}
