// The stream's messages, by event name, the WebSocket frames that carry them, and the streams' query parameters.
import { type Static, Type } from '@sinclair/typebox';
import { ErrorBody, Nullable, StringEnum } from './common.js';
import { Event } from './events.js';
import { Venue } from './instruments.js';

export const QuoteMessage = Type.Object(
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
export type QuoteMessage = Static<typeof QuoteMessage>;

export const VenueMessage = Type.Object(
  { symbol: Type.String(), ...Venue.properties },
  {
    title: 'venue',
    description: "event `venue`: one venue listing's quote, deviation and place in the pool, on its instrument topic",
  },
);

export const CandleMessage = Type.Object(
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
  {
    title: 'candle',
    description: 'event `candle`: the open 1m candle of the instrument as it updates, on its instrument topic',
  },
);

export const EventMessage = Type.Object(Event.properties, {
  title: 'event',
  description:
    'event `event`: a new story, as /v1/events shows it, on `events` and on the topics of the instruments it is about',
});

export const ResetMessage = Type.Object(
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

export const ClosedMessage = Type.Object(
  {
    reason: StringEnum(['revoked', 'limit_lowered', 'interrupted'] as const),
    message: Type.String(),
  },
  {
    title: 'closed',
    description:
      'event `closed`, without an `id:`: the last message of a stream its key may no longer hold, before the server ends ' +
      "it. `revoked`: the key was revoked (or is gone); reconnecting is refused (401). `limit_lowered`: the key's rate " +
      'limit now allows fewer streams (at most its requests per minute) than it held, and its oldest were ended; ' +
      'reconnecting is refused (429) while it holds that many. `interrupted`: this server lost the feed of its messages ' +
      '(a scale-out whose broker is unreachable); the event comes with a `retry:` after which to reconnect with ' +
      'Last-Event-ID, and the stream resumes with no gap while the messages missed are held',
  },
);

export const StreamMessage = Type.Union(
  [QuoteMessage, VenueMessage, CandleMessage, EventMessage, ResetMessage, ClosedMessage],
  {
    description: 'the data of each message, by its event name',
  },
);

export const StreamQuery = Type.Object({
  topics: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: 'quotes, events, instrument:<symbol>; comma-separated',
  }),
  ticket: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 4000,
      description: 'a ticket from GET /v1/stream/ticket, in place of the Authorization header (for EventSource)',
    }),
  ),
});

export const WsQuery = Type.Object({
  topics: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        'quotes, events, instrument:<symbol>; comma-separated: subscribed at once (more by subscribe frames)',
    }),
  ),
  lastEventId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "resume `topics` after this message id, as /v1/stream's Last-Event-ID",
    }),
  ),
  ticket: StreamQuery.properties.ticket,
});

const MESSAGES = [QuoteMessage, VenueMessage, CandleMessage, EventMessage, ResetMessage] as const;

/** A stream message as a WebSocket text frame: its event name as `type`, its id, and the data SSE sends. */
const framed = (message: (typeof MESSAGES)[number]) =>
  Type.Object(
    {
      type: Type.Literal(message.title!),
      id: Type.String({ description: 'the message id, as SSE `id:`' }),
      data: message,
    },
    { title: message.title },
  );

export const WsFrame = Type.Union(
  [
    ...MESSAGES.map(framed),
    Type.Object({ type: Type.Literal('closed'), data: ClosedMessage }, { title: 'closed' }),
    Type.Object(
      { type: StringEnum(['subscribed', 'unsubscribed'] as const), topics: Type.Array(Type.String()) },
      { title: 'ack', description: 'the topics a subscribe or unsubscribe frame named, in canonical spelling' },
    ),
    ErrorBody,
  ],
  { description: 'the frames the server sends, each one JSON text frame' },
);

export const TicketQuery = Type.Object({
  topics: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: 'the topics the ticket may open, as /v1/stream takes them',
  }),
});
export type TicketQuery = Static<typeof TicketQuery>;

export const StreamTicket = Type.Object({
  data: Type.Object({
    ticket: Type.String({
      description: 'pass as ?ticket= to /v1/stream (only there); it opens streams on its topics until it expires',
    }),
    topics: Type.Array(Type.String(), { description: 'the topics it grants, in canonical spelling' }),
    expiresAt: Type.String({
      format: 'date-time',
      description: 'a stream must be opened before this; one opened in time lives its own lifetime',
    }),
  }),
});
export type StreamTicket = Static<typeof StreamTicket>;
