// GET /v1/stream: Server-Sent Events on `quotes`, `events` and `instrument:<symbol>` topics, fed by the stream hub.
import { Type } from '@sinclair/typebox';
import { validationError } from '../../core/errors.js';
import { Nullable, StringEnum } from '../../core/schemas/common.js';
import { parseTopics } from '../../core/stream/topics.js';
import { defineRoute, StreamAnswer, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import type { StreamHub } from '../stream/hub.js';
import { Event } from './events.js';
import { Venue } from './instruments.js';

const Quote = Type.Object(
  {
    symbol: Type.String(),
    price: Nullable(Type.Number()),
    changePct: Nullable(Type.Number()),
    priceTs: Nullable(Type.String({ format: 'date-time' })),
    priceLabel: Type.String(),
    venuesInPool: Type.Integer(),
  },
  { title: 'quote', description: 'event `quote`: a pooled price, on `quotes` and on its instrument topic' },
);
const VenueMessage = Type.Object(
  { symbol: Type.String(), ...Venue.properties },
  { title: 'venue', description: "event `venue`: one venue listing's quote, deviation and place in the pool, on its instrument topic" },
);
const Candle = Type.Object(
  {
    symbol: Type.String(),
    interval: Type.Literal('1m'),
    candle: Type.Object({
      ts: Type.String({ format: 'date-time' }),
      open: Type.Number(),
      high: Type.Number(),
      low: Type.Number(),
      close: Type.Number(),
      volumeUsd: Type.Number(),
      venues: Type.Optional(Type.Integer()),
    }),
  },
  { title: 'candle', description: 'event `candle`: the open 1m candle of the instrument as it updates, on its instrument topic' },
);
const EventMessage = Type.Object(Event.properties, {
  title: 'event',
  description: 'event `event`: a new story, as /v1/events shows it, on `events` and on the topics of the instruments it is about',
});
const Reset = Type.Object(
  {
    reason: StringEnum(['expired', 'unknown'] as const),
    lastEventId: Type.String(),
    message: Type.String(),
  },
  {
    title: 'reset',
    description:
      'event `reset`: the Last-Event-ID sent cannot be resumed from (its messages are no longer held, or it is not an id ' +
      'this server wrote since it started): refetch the state you show, then keep reading',
  },
);

const DESCRIPTION = [
  'Server-Sent Events. `topics` is a comma-separated list of `quotes` (every pooled quote), `events` (new stories) and',
  '`instrument:<symbol>` (one instrument: its quotes, each venue listing, the open 1m candle, its stories).',
  'Every message has an `id:`; reconnect with `Last-Event-ID` to receive what was missed while it is held, or a `reset`.',
  'A new stream starts with the present state of its topics (the latest message per symbol, listing and candle).',
  'A comment `: heartbeat` comes every 15 s. Quotes of one symbol come at most every STREAM_QUOTE_MS (latest wins).',
  'A client that cannot keep up gets the latest message per symbol when it catches up, and is closed if it stays behind.',
  'Streams end after STREAM_LIFETIME_S; EventSource then reconnects and resumes. Concurrent streams per key are capped',
  '(429).',
].join(' ');

export function streamRoutes(market: () => MarketState, hub: () => StreamHub): Route[] {
  return [
    defineRoute({
      path: '/v1/stream',
      summary: 'Realtime quotes, venues, candles and stories as Server-Sent Events',
      description: DESCRIPTION,
      tags: ['stream'],
      auth: true,
      errors: ['rate_limited'],
      contentType: 'text/event-stream',
      query: Type.Object({
        topics: Type.String({ minLength: 1, maxLength: 2000, description: 'quotes, events, instrument:<symbol>; comma-separated' }),
      }),
      response: Type.Union([Quote, VenueMessage, Candle, EventMessage, Reset], { description: 'the data of each message, by its event name' }),
      handler: ({ query, principal }) => {
        const state = market();
        const { topics, problems } = parseTopics(query.topics, (symbol) => {
          const i = state.find(symbol);
          return i < 0 ? null : state.instruments[i]!.symbol;
        });
        if (problems.length) throw validationError(problems);
        const client = principal!.client;
        hub().admit(client);
        return new StreamAnswer('text/event-stream', { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' }, (ex) => {
          const close = hub().open(ex.res, topics, client, ex.lastEventId, (reason) => ex.streamEnded(reason));
          ex.signal.addEventListener('abort', () => close('client'));
        });
      },
    }),
  ];
}
