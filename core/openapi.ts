// Builds the OpenAPI 3.1 document from the route table, so the description can never drift from the code.
import type { TObject, TSchema } from '@sinclair/typebox';
import { ERROR_CATALOGUE, type ErrorCode } from './errors.js';
import { EntityRef, ErrorBody } from './schemas/common.js';

/** What the document needs to know of a route; the server's route table satisfies it. */
export interface RouteSpec {
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: TObject;
  query?: TObject;
  response: TSchema;
  /** Error codes this route can answer beyond the ones every authenticated route can. */
  errors?: ErrorCode[];
  auth: boolean;
  contentType?: string;
}

// Every route behind keys: no key (401), a key without the route's scope (403), bad parameters, its bucket empty.
const AUTH_ERRORS: ErrorCode[] = ['unauthorized', 'forbidden', 'validation_failed', 'rate_limited'];

/** JSON Schema without TypeBox's symbol keys, with named shared schemas turned into $refs. */
function plain(schema: TSchema, root = true): unknown {
  if (!root && typeof schema === 'object' && schema !== null && schema.$id === EntityRef.$id) {
    return { $ref: '#/components/schemas/EntityRef' };
  }
  if (Array.isArray(schema)) return schema.map((s) => plain(s as TSchema, false));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$id') continue;
    out[k] = typeof v === 'object' && v !== null ? plain(v as TSchema, false) : v;
  }
  return out;
}

function parameters(where: 'path' | 'query', schema: TObject | undefined) {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(s.description ? { description: s.description } : {}),
    schema: plain(s),
  }));
}

/** uWS patterns use `:name`; OpenAPI uses `{name}`. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function buildOpenApi(routes: RouteSpec[], info: { title: string; version: string; description: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const codes = [...new Set([...(r.auth ? AUTH_ERRORS : []), ...(r.errors ?? [])])];
    const responses: Record<string, unknown> = {
      '200': {
        description: 'OK',
        content: { [r.contentType ?? 'application/json']: { schema: plain(r.response) } },
      },
    };
    for (const code of codes) {
      responses[String(ERROR_CATALOGUE[code].status)] = { $ref: `#/components/responses/${code}` };
    }
    paths[openApiPath(r.path)] = {
      get: {
        operationId: operationId(r.path),
        summary: r.summary,
        ...(r.description ? { description: r.description } : {}),
        tags: r.tags,
        parameters: [...parameters('path', r.params), ...parameters('query', r.query)],
        responses,
        ...(r.auth ? {} : { security: [] }),
      },
    };
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_CATALOGUE).map(([code, e]) => [
      code,
      {
        description: `${e.message} (error.code "${code}")`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'API key: live_ followed by at least 32 base62 characters',
        },
      },
      schemas: { EntityRef: plain(EntityRef), Error: plain(ErrorBody) },
      responses: errorResponses,
    },
  };
}

function operationId(pattern: string): string {
  const words = pattern
    .replace(/^\/v1\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `by ${w.slice(1)}` : w))
    .join(' ')
    .split(' ');
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}
