// GET /v1/openapi.json: the OpenAPI 3.1 document built from the route table at first request, then served as bytes.
import { Type } from '@sinclair/typebox';
import { buildOpenApi } from '../../core/openapi.js';
import { type ApiRoute, defineRoute } from '../api-route.js';
import { RawJson } from '../http/raw-json.js';

const DESCRIPTION =
  'Read-only market data and explained events. Every /v1 path needs `Authorization: Bearer <key>`. ' +
  'Errors are `{error: {code, message, details?}}`; every /v1 answer carries X-RateLimit-Limit, ' +
  'X-RateLimit-Remaining, X-RateLimit-Reset and the IETF RateLimit-Policy / RateLimit pair, and every 429 Retry-After.';

/** The document of `routes` (this route included once it is in the table). */
export function openApiRoute(routes: readonly ApiRoute[]): ApiRoute {
  let document: RawJson | null = null;
  return defineRoute({
    path: '/v1/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tags: ['meta'],
    auth: true,
    response: Type.Object({ openapi: Type.String() }, { additionalProperties: true }),
    handler: () => {
      document ??= new RawJson(
        Buffer.from(
          JSON.stringify(buildOpenApi([...routes], { title: 'Tapewire', version: '1.0.0', description: DESCRIPTION })),
        ),
      );
      return document;
    },
  });
}
