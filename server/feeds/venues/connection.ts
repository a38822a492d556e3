// One WebSocket connection to a venue, kept open: the subscribe frames sent at the venue's message rate once
// connected, the keepalive it needs, a reconnect when it goes silent, closes, fails or nears the venue's lifetime
// limit, after an exponential backoff with jitter (reset once data flows again), and the subscriptions sent again.
import { createRequire } from 'node:module';
import type WebSocket from 'ws';
import type { ConnectionPlan } from '../../../core/sources/venues/protocol.js';
import { clock } from '../../clock.js';
import type { Logger } from '../../log.js';

export interface ConnectionEvents {
  /** A text frame, with when it arrived. */
  frame(text: string, receivedMs: number): void;
  /** Connected and subscribing: not the first time when `again`. */
  opened(again: boolean): void;
  closed(): void;
  /** The connection failed (refused, reset, timed out): it reconnects after its backoff. */
  failed(why: string): void;
}

export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 60_000 };
/**
 * The WebSocket client, loaded at the first connection: a server on the demo alone (its venues simulated) and every
 * `tapewire` command never open one, and loading it took 0.15 s of CPU at each start.
 */
const loadWs = (): typeof WebSocket => createRequire(import.meta.url)('ws');
/** Reconnect this long before a venue's own lifetime limit, so its close never finds the connection. */
const LIFETIME_MARGIN_MS = 10 * 60_000;

export class VenueConnection {
  private ws: WebSocket | null = null;
  private timers: NodeJS.Timeout[] = [];
  private retry: NodeJS.Timeout | null = null;
  private attempts = 0;
  private lastHeardMs = 0;
  private connectedBefore = false;
  private isOpen = false;
  private stopped = false;

  constructor(
    private readonly plan: ConnectionPlan,
    private readonly events: ConnectionEvents,
    private readonly log: Logger,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.drop();
  }

  /** Closed whether to reconnect or not: counted down once, if it was open. */
  private lost(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.events.closed();
  }

  /** Closes the connection and opens another at once (the venue announced a restart, or data was lost). */
  reconnectNow(why: string): void {
    if (this.stopped || !this.ws) return;
    this.log.info({ venue: this.plan.venue, market: this.plan.market, why }, 'venue reconnect');
    this.attempts = 0;
    this.ws.terminate();
  }

  private connect(): void {
    const ws = new (loadWs())(this.plan.url, { handshakeTimeout: 10_000 });
    this.ws = ws;
    ws.on('open', () => this.opened(ws));
    ws.on('message', (data, isBinary) => {
      this.lastHeardMs = clock.now();
      // A venue that data flows from again is not failing: the next drop starts the backoff over.
      this.attempts = 0;
      if (!isBinary) this.events.frame(data.toString(), this.lastHeardMs);
    });
    ws.on('pong', () => (this.lastHeardMs = clock.now()));
    ws.on('error', (err) => this.events.failed(err.message));
    ws.on('close', () => this.closed(ws));
  }

  private opened(ws: WebSocket): void {
    const { plan } = this;
    this.lastHeardMs = clock.now();
    this.isOpen = true;
    this.events.opened(this.connectedBefore);
    this.connectedBefore = true;
    plan.subscribe.forEach((frame, k) =>
      this.later(() => ws.readyState === ws.OPEN && ws.send(frame), k * plan.sendGapMs),
    );
    const { send, everyMs, silenceMs, lifetimeMs } = plan.keepalive;
    if (send && everyMs > 0) this.every(() => (send === 'ws-ping' ? ws.ping() : ws.send(send.text)), everyMs);
    this.every(
      () => {
        if (clock.now() - this.lastHeardMs >= silenceMs) this.reconnectNow(`silent for ${silenceMs} ms`);
      },
      Math.max(50, Math.min(silenceMs / 4, 5_000)),
    );
    if (lifetimeMs)
      this.later(
        () => this.reconnectNow('the venue closes connections this old'),
        Math.max(lifetimeMs / 2, lifetimeMs - LIFETIME_MARGIN_MS),
      );
  }

  private closed(ws: WebSocket): void {
    if (ws !== this.ws) return;
    this.drop();
    if (this.stopped) return;
    const base = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** this.attempts++);
    // Full jitter over the upper half: many connections dropped together do not come back together.
    this.retry = setTimeout(() => this.connect(), base / 2 + Math.random() * (base / 2));
    this.retry.unref();
  }

  private drop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.lost();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== ws.CLOSED) ws.terminate();
  }

  private later(run: () => unknown, ms: number): void {
    const t = setTimeout(run, ms);
    t.unref();
    this.timers.push(t);
  }

  private every(run: () => unknown, ms: number): void {
    const t = setInterval(run, ms);
    t.unref();
    this.timers.push(t);
  }
}
