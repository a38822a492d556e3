// Issues and admits stream tickets: a ticket acts for the key that asked for it (while that key is active) or, on the
// website, for the page viewer's IP; it opens only the topics it names, only before it expires, and at most
// TICKET_STREAMS streams (a page opens one, and one again after a network blip).
import { randomBytes } from 'node:crypto';
import { readTicket, signTicket, TICKET_TTL_MS } from '../../core/stream/ticket.js';
import { AuthError, type KeyIndex, type Principal } from '../auth.js';
import { clock } from '../clock.js';

const CHALLENGE = 'Bearer realm="tapewire", error="invalid_token"';
/** Streams one ticket may open in its lifetime. */
export const TICKET_STREAMS = 3;
/** Tickets in use are forgotten once expired, looked over when this many are held. */
const SWEEP_AT = 1024;

export interface IssuedTicket {
  ticket: string;
  topics: string[];
  expiresAt: string;
}

export class StreamTickets {
  private readonly secret: Buffer;
  /** Streams opened per ticket (by its signature) and when the ticket expires. */
  private readonly opened = new Map<string, { count: number; expiresAtMs: number }>();

  /** `secret` is shared by every process behind one address; none makes a random one (tickets then work on this process only). */
  constructor(
    private readonly keys: KeyIndex,
    secret: string | null,
  ) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  issue(principal: Pick<Principal, 'client'>, topics: string[], nowMs = clock.now()): IssuedTicket {
    const expiresAtMs = nowMs + TICKET_TTL_MS;
    return {
      ticket: signTicket(this.secret, { client: principal.client, topics, expiresAtMs }),
      topics,
      expiresAt: new Date(expiresAtMs).toISOString(),
    };
  }

  /** The caller a ticket acts for, and the topics it may open; an AuthError (401) for any ticket that does not hold. */
  admit(ticket: string, ip: () => string, nowMs = clock.now()): { principal: Principal; topics: string[] } {
    const check = readTicket(this.secret, ticket, nowMs);
    if (!check.ok) throw new AuthError(`This stream ticket ${check.reason}`, CHALLENGE);
    this.count(ticket, check.grant.expiresAtMs, nowMs);
    const { client, topics } = check.grant;
    if (client.startsWith('ip:')) {
      if (client !== `ip:${ip()}`) throw new AuthError('This stream ticket was issued to another address', CHALLENGE);
      return { principal: this.keys.byIp(client.slice('ip:'.length)), topics };
    }
    const principal = this.keys.keyPrincipal(client);
    if (!principal) throw new AuthError('The API key of this stream ticket is revoked or gone', CHALLENGE);
    return { principal, topics };
  }

  /** Counts a stream opened with `ticket`; an AuthError once it has opened TICKET_STREAMS. */
  private count(ticket: string, expiresAtMs: number, nowMs: number): void {
    if (this.opened.size >= SWEEP_AT)
      for (const [k, v] of this.opened) if (v.expiresAtMs < nowMs) this.opened.delete(k);
    const used = this.opened.get(ticket) ?? { count: 0, expiresAtMs };
    if (used.count >= TICKET_STREAMS)
      throw new AuthError(`This stream ticket has opened its ${TICKET_STREAMS} streams: ask for a new one`, CHALLENGE);
    used.count++;
    this.opened.set(ticket, used);
  }
}
