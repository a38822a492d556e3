// A route of the API, declared with its handler typed from its schemas and handed the services built at start-up: the
// HTTP pipeline runs routes of any services, this binds them to ours.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { KeyScope } from '../core/keys.js';
import type { RouteSpec } from '../core/openapi.js';
import type { RawJson } from './http/raw-json.js';
import type { Ctx, Route } from './http/route.js';
import type { Upgrade } from './http/socket.js';
import type { Reply, StreamAnswer } from './http/surface.js';
import type { Services } from './services/index.js';

export type ApiRoute = Route<Services>;

/** Declares a route with its handler typed from its schemas. */
export function defineRoute<P extends TObject, Q extends TObject, R extends TSchema>(
  route: Omit<RouteSpec, 'params' | 'query' | 'response'> & {
    vary?: string;
    ticket?: boolean;
    websocket?: boolean;
    scope?: KeyScope;
    params?: P;
    query?: Q;
    response: R;
    handler(
      ctx: Ctx<Static<P>, Static<Q>, Static<R>>,
      services: Services,
    ):
      | Static<R>
      | RawJson
      | Reply
      | StreamAnswer
      | Upgrade
      | Promise<Static<R> | RawJson | Reply | StreamAnswer | Upgrade>;
  },
): ApiRoute {
  return route as ApiRoute;
}
