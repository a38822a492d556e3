// GET /v1/stream: Server-Sent Events on `quotes`, `events` and `instrument:<symbol>` topics, fed by the stream hub.
import { StreamMessage, StreamQuery } from '../../core/schemas/stream.js';
import { defineRoute } from '../api-route.js';
import { andThen } from '../http/maybe-later.js';
import { StreamAnswer } from '../http/surface.js';
import type { Subscription } from '../services/ops/stream.js';

const DESCRIPTION = [
  'Server-Sent Events. `topics` is a comma-separated list of `quotes` (every pooled quote), `events` (new stories) and',
  '`instrument:<symbol>` (one instrument: its quotes, each venue listing, the open 1m candle, its stories).',
  'Every message has an `id:`; reconnect with `Last-Event-ID` to receive what was missed while it is held, or a `reset`.',
  'A new stream starts with the present state of its topics (the latest message per symbol, listing and candle).',
  'A comment `: heartbeat` comes every 15 s. Quotes of one symbol come at most every STREAM_QUOTE_MS (latest wins).',
  'A client that cannot keep up gets the latest message per symbol when it catches up, and is closed if it stays behind.',
  'Streams end after STREAM_LIFETIME_S; EventSource then reconnects and resumes. A key holds at most',
  'min(STREAM_MAX_PER_KEY, its requests per minute) streams at once (one more is a 429). A stream its key may no longer',
  'hold ends with a last `closed` event (no `id:`) saying why: at once when the key is revoked through the keys CLI, at',
  'the next key reload (KEY_RELOAD_S) after a change made in the database; a lowered rate limit ends the oldest streams',
  'beyond the allowance. A browser EventSource, which cannot send Authorization, passes `ticket` from',
  "GET /v1/stream/ticket instead: the stream then acts for that key (its cap, its revocation) on the ticket's topics only.",
].join(' ');

export const streamRoute = defineRoute({
  path: '/v1/stream',
  summary: 'Realtime quotes, venues, candles and stories as Server-Sent Events',
  description: DESCRIPTION,
  tags: ['stream'],
  auth: true,
  ticket: true,
  errors: ['rate_limited'],
  contentType: 'text/event-stream',
  query: StreamQuery,
  response: StreamMessage,
  handler: ({ query, principal, ticketTopics }, { stream }) => {
    const answer = (subscription: Subscription) =>
      new StreamAnswer('text/event-stream', { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' }, (ex) => {
        const close = subscription.open(ex.res, ex.lastEventId, (reason) => ex.streamEnded(reason));
        ex.signal.addEventListener('abort', () => close('client'));
      });
    // Admitted after the other nodes' streams were asked: the pipeline writes nothing to a client gone meanwhile.
    return andThen(stream.subscribe(query.topics, principal!, ticketTopics), answer);
  },
});
