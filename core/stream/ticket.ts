// Stream tickets: a short-lived grant to open /v1/stream on given topics for one caller, signed with HMAC-SHA256 by
// a server secret, so a browser's EventSource (which cannot send Authorization) never holds the API key and the
// server keeps no state per ticket.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a ticket may be used to open a stream; a stream opened in time lives on its own lifetime. */
export const TICKET_TTL_MS = 60_000;
const VERSION = 't1';

export interface TicketGrant {
  /** The rate-limit client it acts for: `key:<id>`, or `ip:<address>` for a page's anonymous viewer. */
  client: string;
  /** The canonical topics it may open. */
  topics: string[];
  expiresAtMs: number;
}

export type TicketCheck = { ok: true; grant: TicketGrant } | { ok: false; reason: string };

function mac(secret: Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}.${body}`).digest();
}

export function signTicket(secret: Buffer, grant: TicketGrant): string {
  const body = Buffer.from(JSON.stringify({ c: grant.client, t: grant.topics, e: grant.expiresAtMs })).toString(
    'base64url',
  );
  return `${VERSION}.${body}.${mac(secret, body).toString('base64url')}`;
}

/** The grant a ticket carries when its signature holds and it has not expired at `nowMs`; otherwise why not. */
export function readTicket(secret: Buffer, ticket: string, nowMs: number): TicketCheck {
  const [version, body, signature, extra] = ticket.split('.');
  if (version !== VERSION || !body || !signature || extra !== undefined)
    return { ok: false, reason: 'is not a stream ticket' };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, body);
  // Base64url decoding forgives padding and stray characters: only the one encoding the server writes is accepted.
  const canonical = given.toString('base64url') === signature;
  if (!canonical || given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'has a signature this server did not make' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString());
  } catch {
    return { ok: false, reason: 'is not a stream ticket' };
  }
  const { c, t, e } = (parsed ?? {}) as { c?: unknown; t?: unknown; e?: unknown };
  if (typeof c !== 'string' || !Array.isArray(t) || !t.every((x) => typeof x === 'string') || typeof e !== 'number') {
    return { ok: false, reason: 'is not a stream ticket' };
  }
  if (e <= nowMs) return { ok: false, reason: 'has expired: ask GET /v1/stream/ticket for a new one' };
  return { ok: true, grant: { client: c, topics: t as string[], expiresAtMs: e } };
}
