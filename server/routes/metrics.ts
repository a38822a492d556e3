// GET /metrics: Prometheus text exposition of each live source's health and the process's figures.
import { Type } from '@sinclair/typebox';
import { defineRoute, TextAnswer } from '../http/route.js';

const EXPOSITION = 'text/plain; version=0.0.4; charset=utf-8';

export const metricsRoute = defineRoute({
  path: '/metrics',
  summary: 'Prometheus metrics: per live source its state, messages, reconnects, errors and lag; the process figures',
  description:
    'Text exposition format 0.0.4. Per source (label `source`: binance-spot, okx-perp...): `tapewire_source_state` (1 for its ' +
    'state: live, stale, down or off), `tapewire_source_messages_total`, `tapewire_source_reconnects_total`, ' +
    '`tapewire_source_errors_total`, `tapewire_source_connections`, `tapewire_source_lag_seconds` and ' +
    '`tapewire_source_last_message_timestamp_seconds`; then the process (`tapewire_process_*`, `tapewire_nodejs_*`).',
  tags: ['health'],
  auth: true,
  contentType: EXPOSITION,
  response: Type.String({ description: 'the metrics in Prometheus text exposition format' }),
  handler: async (_, { metrics }) => new TextAnswer(EXPOSITION, await metrics.text()),
});
