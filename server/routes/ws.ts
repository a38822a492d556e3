// GET /v1/ws: the stream of /v1/stream over a WebSocket, for clients that expect one (trading clients, every venue):
// the same topics, messages, payloads and ids, with topics changed by frames on one connection.
import { WsFrame, WsQuery } from '../../core/schemas/stream.js';
import { defineRoute } from '../api-route.js';
import { andThen } from '../http/maybe-later.js';
import { Upgrade } from '../http/socket.js';

const DESCRIPTION = [
  'A WebSocket upgrade (any other request is a 400). Topics as /v1/stream takes them: `topics` in the query subscribes',
  'at once (from `lastEventId` when given); then the client sends JSON text frames `{"op":"subscribe","topics":[...],',
  '"from":"<id>"}` and `{"op":"unsubscribe","topics":[...]}`, acknowledged with `{"type":"subscribed"|"unsubscribed",',
  '"topics":[...]}`. Each message is one frame `{"type":"quote"|"venue"|"candle"|"event"|"reset","id":"<id>","data":{...}}`:',
  "the event name, the id and the data of /v1/stream's message. A topic added starts with its present state, or",
  'everything after `from` while it is held (else a `reset`, then the present state). A bad frame is answered with an',
  'error frame `{"error":{"code","message","details"?}}` and the socket stays open. Auth, the stream allowance, tickets',
  '(`?ticket=`: frames may then name only its topics) and revocation are those of /v1/stream; a stream its key may no',
  'longer hold gets a `closed` frame, then close 1008. uWS pings a quiet socket; one that falls behind by more than',
  'STREAM_MAX_PENDING_BYTES is cut, one backed up for STREAM_STALL_S is closed 1013 "too slow", and a stream is closed',
  '1001 after STREAM_LIFETIME_S: reconnect with `lastEventId` (the last id received) to resume with no gap.',
].join(' ');

export const wsRoute = defineRoute({
  path: '/v1/ws',
  summary: 'Realtime quotes, venues, candles and stories over a WebSocket',
  description: DESCRIPTION,
  tags: ['stream'],
  auth: true,
  ticket: true,
  websocket: true,
  errors: ['bad_request', 'rate_limited'],
  query: WsQuery,
  response: WsFrame,
  handler: ({ query, principal, ticketTopics }, { stream }) =>
    andThen(stream.socket(query.topics, principal!, ticketTopics, query.lastEventId ?? null), (s) => new Upgrade(s)),
});
