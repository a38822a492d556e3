// Issues and admits stream tickets: a ticket acts for the key that asked for it (while that key is active) or, on the
// website, for the page viewer's IP; it opens only the topics it names and only before it expires.
import { randomBytes } from 'node:crypto';
import { readTicket, signTicket, TICKET_TTL_MS } from '../../core/stream/ticket.js';
import { AuthError, type KeyIndex, type Principal } from '../auth.js';
import { clock } from '../clock.js';

const CHALLENGE = 'Bearer realm="tapewire", error="invalid_token"';

export interface IssuedTicket {
  ticket: string;
  topics: string[];
  expiresAt: string;
}

export class StreamTickets {
  private readonly secret: Buffer;

  /** `secret` is shared by every process behind one address; none makes a random one (tickets then work on this process only). */
  constructor(
    private readonly keys: KeyIndex,
    secret: string | null,
  ) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  issue(principal: Pick<Principal, 'client'>, topics: string[], nowMs = clock.now()): IssuedTicket {
    const expiresAtMs = nowMs + TICKET_TTL_MS;
    return { ticket: signTicket(this.secret, { client: principal.client, topics, expiresAtMs }), topics, expiresAt: new Date(expiresAtMs).toISOString() };
  }

  /** The caller a ticket acts for, and the topics it may open; an AuthError (401) for any ticket that does not hold. */
  admit(ticket: string, ip: () => string, nowMs = clock.now()): { principal: Principal; topics: string[] } {
    const check = readTicket(this.secret, ticket, nowMs);
    if (!check.ok) throw new AuthError(`This stream ticket ${check.reason}`, CHALLENGE);
    const { client, topics } = check.grant;
    if (client.startsWith('ip:')) {
      if (client !== `ip:${ip()}`) throw new AuthError('This stream ticket was issued to another address', CHALLENGE);
      return { principal: this.keys.byIp(client.slice('ip:'.length)), topics };
    }
    const principal = this.keys.keyPrincipal(client);
    if (!principal) throw new AuthError('The API key of this stream ticket is revoked or gone', CHALLENGE);
    return { principal, topics };
  }
}
