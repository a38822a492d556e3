// GET /metrics: Prometheus text exposition of each live source's health, the HTTP, stream and database figures, and
// the process's.
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../api-route.js';
import { Reply } from '../http/surface.js';

const EXPOSITION = 'text/plain; version=0.0.4; charset=utf-8';

export const metricsRoute = defineRoute({
  path: '/metrics',
  summary:
    'Prometheus metrics: per live source its state, messages, reconnects, errors and lag; HTTP, stream, database and process figures',
  description:
    'Text exposition format 0.0.4. Per source (label `source`: binance-spot, okx-perp...): `tapewire_source_state` (1 for its ' +
    'state: live, stale, down or off), `tapewire_source_messages_total`, `tapewire_source_reconnects_total`, ' +
    '`tapewire_source_errors_total`, `tapewire_source_connections`, `tapewire_source_lag_seconds` and ' +
    '`tapewire_source_last_message_timestamp_seconds`. HTTP: `tapewire_http_requests_total` (labels `route`, the route pattern, and ' +
    '`status`: 1xx to 5xx, or `none` when the client left first) and `tapewire_http_request_duration_seconds` (histogram by ' +
    '`route`; a stream until it ended). Stream: `tapewire_stream_subscribers`, `tapewire_stream_backed_up_subscribers`, ' +
    '`tapewire_stream_messages_sent_total`, `tapewire_stream_messages_conflated_total`, `tapewire_stream_closed_total` (label ' +
    '`reason`; `stalled` and `overflow` are slow clients cut off). Database: `tapewire_db_queue_waiting`, ' +
    '`tapewire_db_queue_running`, `tapewire_db_query_duration_seconds` (histogram), `tapewire_db_slow_queries_total`. Kept ' +
    'answers: `tapewire_kept_answers_bytes` (counted as their JSON). Then the ' +
    "process (`tapewire_process_*`, `tapewire_nodejs_*`). It tells every client's traffic and the process's versions: it takes a " +
    'key with the `metrics` scope (anonymous callers read it only on a server bound to loopback).',
  tags: ['health'],
  auth: true,
  scope: 'metrics',
  contentType: EXPOSITION,
  response: Type.String({ description: 'the metrics in Prometheus text exposition format' }),
  handler: async (_, { metrics }) => new Reply(EXPOSITION, await metrics.text()),
});
