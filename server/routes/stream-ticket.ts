// GET /v1/stream/ticket: a short-lived signed ticket for /v1/stream on given topics, so a browser's EventSource can
// open the stream for a key without holding it.
import { StreamTicket, TicketQuery } from '../../core/schemas/stream.js';
import { TICKET_TTL_MS } from '../../core/stream/ticket.js';
import { defineRoute } from '../api-route.js';

export const streamTicketRoute = defineRoute({
  path: '/v1/stream/ticket',
  summary: 'A short-lived ticket that opens /v1/stream or /v1/ws on given topics without the API key',
  description: [
    `The ticket is signed by the server (HMAC-SHA256), names the caller's key and the topics, and expires ${TICKET_TTL_MS / 1000} s`,
    'after it is issued; pass it as `?ticket=` to /v1/stream or /v1/ws, the only routes that take it. The stream counts against',
    "the key's stream allowance and ends when the key is revoked. Any other use of a ticket, an expired or altered one,",
    'or one opening topics it does not name is a 401. The server keeps no state per ticket.',
  ].join(' '),
  tags: ['stream'],
  auth: true,
  errors: ['rate_limited'],
  query: TicketQuery,
  response: StreamTicket,
  handler: ({ query, principal }, { stream }) => ({ data: stream.ticket(query.topics, principal!) }),
});
