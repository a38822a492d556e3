// WebSocket streams: the hub's messages, with the hub's ids, fanned out by uWS's own pub/sub in C++. A socket is
// subscribed to one uWS topic, named for its set of stream topics (its group), and each message is published once to
// each group it belongs to: no socket gets a message twice, and JavaScript does no work per socket per message. A
// socket that falls behind is bounded by uWS (beyond STREAM_MAX_PENDING_BYTES it is cut) and closed by the sweep once
// it stays backed up STREAM_STALL_S.
import { wsMessage } from '../../core/stream/ws.js';
import { clock } from '../clock.js';
import type { StreamSettings } from '../config/stream.js';
import type { SocketOptions } from '../http/socket.js';
import type { Logger } from '../log.js';
import type { Outgoing, StreamSubscribers } from '../ports/broadcast.js';
import { type Group, SocketStream, type SocketStreamOptions, type Sockets } from './socket-stream.js';

/** The largest frame a client may send: a subscribe naming 50 topics is some 2 KB. */
const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

/**
 * How the sockets behave in uWS: pinged after about twice STREAM_HEARTBEAT_S of silence (uWS takes a multiple of 4 s,
 * at least 8), and cut beyond STREAM_MAX_PENDING_BYTES waiting to be sent.
 */
export function socketOptions(limits: Pick<StreamSettings, 'heartbeatMs' | 'maxPendingBytes'>): SocketOptions {
  return {
    idleTimeoutS: 4 * Math.ceil(Math.max(8, (2 * limits.heartbeatMs) / 1000) / 4),
    maxBackpressure: limits.maxPendingBytes,
    maxPayloadLength: MAX_CLIENT_FRAME_BYTES,
  };
}

/** uWS's app-wide publish: `frame` to every socket subscribed to `topic`. */
export type Publish = (topic: string, frame: Uint8Array) => boolean;

export class SocketHub implements Sockets {
  private readonly groups = new Map<string, Group>();
  private readonly streams = new Set<SocketStream>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly hub: StreamSubscribers,
    private readonly publish: Publish,
    readonly log: Logger,
    readonly limits: Pick<StreamSettings, 'lifetimeMs' | 'stallMs' | 'heartbeatMs'>,
  ) {
    hub.onPublish((batch, firstId) => this.fanOut(batch, firstId));
    this.sweeper = setInterval(() => this.sweep(clock.now()), Math.min(1000, limits.heartbeatMs));
    this.sweeper.unref();
  }

  /** A stream for one WebSocket, to be opened once the upgrade is done (the caller admitted its client). */
  stream(options: SocketStreamOptions): SocketStream {
    return new SocketStream(this, options);
  }

  /** The group of `topics`, made when it is the first socket's: joined counts its socket in. */
  join(topics: readonly string[]): Group {
    const name = [...topics].sort().join(',');
    let group = this.groups.get(name);
    if (!group) this.groups.set(name, (group = { name, topics: new Set(topics), sockets: 0 }));
    group.sockets++;
    return group;
  }

  /** A socket left `group`: a group lives only while someone holds it, so their number stays bounded. */
  leave(group: Group): void {
    if (--group.sockets === 0) this.groups.delete(group.name);
  }

  opened(stream: SocketStream): void {
    this.streams.add(stream);
  }

  closed(stream: SocketStream): void {
    this.streams.delete(stream);
  }

  /** Ends every socket (the server is stopping) and stops the sweep. */
  close(): void {
    clearInterval(this.sweeper);
    for (const stream of [...this.streams]) stream.end('shutdown');
  }

  /** Each message serialized once, then published once per group that holds one of its topics. */
  private fanOut(batch: readonly Outgoing[], firstId: number): void {
    if (!this.groups.size) return;
    const frames: (Uint8Array | undefined)[] = new Array(batch.length);
    for (const group of this.groups.values()) {
      let published = 0;
      for (let k = 0; k < batch.length; k++) {
        const m = batch[k]!;
        if (!m.topics.some((t) => group.topics.has(t))) continue;
        frames[k] ??= Buffer.from(wsMessage(m.event, firstId + k, m.json));
        this.publish(group.name, frames[k]!);
        published++;
      }
      this.hub.counts.sent += published * group.sockets;
    }
  }

  private sweep(now: number): void {
    for (const stream of [...this.streams]) stream.check(now);
  }
}
