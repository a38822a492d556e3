// The route table: every route of the API in the order it is mounted and documented, the probes first and the
// OpenAPI document (built from this table) last.
import type { Gate, Route } from '../http/route.js';
import { catalystListRoute } from './catalysts/list.js';
import { eventDetailRoute } from './events/detail.js';
import { eventListRoute } from './events/list.js';
import { glossaryEntryRoute } from './glossary/entry.js';
import { glossaryListRoute } from './glossary/list.js';
import { probeRoutes } from './health.js';
import { candlesRoute } from './instruments/candles.js';
import { derivativesRoute } from './instruments/derivatives.js';
import { instrumentDetailRoute } from './instruments/detail.js';
import { listingCandlesRoute } from './instruments/listings/candles.js';
import { instrumentListRoute } from './instruments/list.js';
import { snapshotRoute } from './market/snapshot.js';
import { stripRoute } from './market/strip.js';
import { metaRoute } from './meta/meta.js';
import { vocabularyRoute } from './meta/vocabulary.js';
import { moveExplainRoute } from './moves/explain.js';
import { moveListRoute } from './moves/list.js';
import { openApiRoute } from './openapi.js';
import { searchRoute } from './search.js';
import { streamRoute } from './stream.js';

/** The routes of /v1, each calling the services it is handed. */
export const API_ROUTES: readonly Route[] = [
  metaRoute,
  vocabularyRoute,
  instrumentListRoute,
  instrumentDetailRoute,
  candlesRoute,
  listingCandlesRoute,
  derivativesRoute,
  stripRoute,
  snapshotRoute,
  streamRoute,
  eventListRoute,
  eventDetailRoute,
  catalystListRoute,
  moveListRoute,
  moveExplainRoute,
  searchRoute,
  glossaryListRoute,
  glossaryEntryRoute,
];

export function routeTable(gate: Gate, startedAt: number): Route[] {
  const routes = [...probeRoutes(gate, startedAt), ...API_ROUTES];
  routes.push(openApiRoute(routes));
  return routes;
}
