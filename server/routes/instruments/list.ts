// GET /v1/instruments: every instrument (or those of one kind) with its pooled price and change since the UTC close.
import { List } from '../../../core/schemas/common.js';
import { InstrumentListQuery, InstrumentSummary } from '../../../core/schemas/instruments.js';
import { defineRoute } from '../../api-route.js';

export const instrumentListRoute = defineRoute({
  path: '/v1/instruments',
  summary: 'Every instrument with its pooled price and change since the previous UTC close',
  tags: ['instruments'],
  auth: true,
  query: InstrumentListQuery,
  response: List(InstrumentSummary),
  handler: ({ query, kept }, { instruments }) => kept(instruments.listKept(query.kind)),
});
