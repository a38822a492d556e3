// /mcp: the Streamable HTTP endpoint, stateless (no session is kept between requests), on the SDK's web-standard
// transport bridged to uWS: the body read with onData (bounded), a web Request built from it, the transport's
// Response sent back compressed as /v1's answers are, the request's abort handed to the tools. The same keys and
// buckets as /v1: a POST spends one token per JSON-RPC message it holds (a batch holds at most ten, one initialize and
// one tools/list among them), and a browser page may call only from this machine or an origin listed in
// MCP_ALLOWED_ORIGINS (any other Origin is a 403).
import { STATUS_CODES } from 'node:http';
import { ApiError, clip } from '../../core/errors.js';
import type { Principal } from '../auth.js';
import { clock } from '../clock.js';
import { type Admission, admit, identify, refuse, requireScope } from '../http/admission.js';
import { type Body, readBody } from '../http/body.js';
import { pickEncoding } from '../http/compress.js';
import type { Exchange } from '../http/exchange.js';
import { andThen } from '../http/maybe-later.js';
import { handler, Reply, type Surface } from '../http/surface.js';
import type { TemplatedApp } from '../http/uws.js';
import type { Services } from '../services/index.js';
import { originAllowed } from './origin.js';

const MCP_PATH = '/mcp';
/** JSON-RPC requests are small: tool arguments are a few hundred bytes. */
const MAX_BODY_BYTES = 1 << 20;
/**
 * JSON-RPC batches left the protocol in 2025-06-18 and no client of the current one sends them; older clients send a
 * few. Bounded so that one POST cannot buy a hundred answers (100 tools/list were 18 MB for one token).
 */
const MAX_BATCH = 10;
/** Methods whose answer is the same every time: once per batch is all a client can want. */
const ONCE_PER_BATCH = ['initialize', 'tools/list', 'resources/templates/list', 'prompts/list'];
const ALLOW = 'POST, OPTIONS';
const CORS_EXPOSE =
  'X-Request-Id, X-Tapewire-Node, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit, RateLimit-Policy, Retry-After, WWW-Authenticate';
const CORS_ALLOW_HEADERS =
  'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, X-Request-Id';

/**
 * What answers the messages: the SDK, the tools and their schemas compiled, loaded at the first POST. A server never
 * asked over MCP skips it, 0.17 s of CPU at every start (a `/v1` node of a scale-out, the suite's hundred servers); the
 * first call waits for it (a first tools/list took 228 ms, later ones 1.5 ms).
 */
let answerers: typeof import('./answering.js') | null = null;

export interface McpDeps extends Admission, Surface {
  /** Browser origins allowed besides this machine's own. */
  allowedOrigins: readonly string[];
}

/** Mounts /mcp on `app`; it answers 503 until `serve` hands it the services, as the routes do. */
export function mountMcp(app: TemplatedApp, deps: McpDeps): { serve(services: Services): void } {
  const { log } = deps;
  const listed = new Set(deps.allowedOrigins);
  let services: Services | null = null;

  /** A page of another origin is refused; an allowed one gets the CORS headers that let it read the answer. */
  const checkOrigin = (ex: Exchange) => {
    if (!originAllowed(ex.origin, listed)) {
      refuse(
        ex,
        deps,
        new ApiError(
          'forbidden',
          `Origin ${clip(ex.origin, 100)} may not call /mcp: only pages of this machine and of MCP_ALLOWED_ORIGINS may`,
        ),
      );
    }
    if (ex.origin) {
      ex.header('Access-Control-Allow-Origin', ex.origin);
      ex.header('Access-Control-Expose-Headers', CORS_EXPOSE);
      ex.header('Vary', 'Origin');
    }
  };

  const answer = async (
    ex: Exchange,
    headers: [string, string][],
    body: Body,
    principal: Principal,
  ): Promise<Reply> => {
    if ('tooLarge' in body) throw new ApiError('payload_too_large', `The request body is over ${MAX_BODY_BYTES} bytes`);
    const parsed = parseJson(body.bytes);
    await deps.limiter.apply(principal, ex, clock.now(), Array.isArray(parsed) ? Math.max(1, parsed.length) : 1);
    checkBatch(parsed);
    const { answerToolCall, listingBody, loneToolCall, requestServer, toolsListId, Transport, transportTakes } =
      // Once loaded, taken without a wait: a module imported twice at once is still loaded once.
      answerers ?? (answerers = await import('./answering.js'));
    const takes = transportTakes((name) => headers.find(([n]) => n === name)?.[1] ?? '');
    const listId = toolsListId(parsed);
    if (listId !== undefined && takes) {
      // A lone tools/list: the bytes made once (compressed ones kept), answered as the transport would.
      const encoding = pickEncoding(ex.acceptEncoding);
      return new Reply('application/json', await listingBody(listId, encoding), '200 OK', encoding);
    }
    const called: string[] = [];
    const note = (name: string, error?: string) => {
      called.push(error ? `${name}:${error}` : name);
      ex.logFields = { tools: called };
    };
    const ctx = {
      services: services!,
      caller: {
        owner: principal.client,
        get signal() {
          return ex.signal;
        },
      },
      nowMs: clock.now(),
    };
    const lone = takes ? loneToolCall(parsed) : undefined;
    if (lone) {
      const { body, error } = await answerToolCall(lone, ctx, log);
      note(lone.name, error);
      return new Reply('application/json', body, '200 OK');
    }
    const server = requestServer(ctx, log, note);
    const transport = new Transport({ enableJsonResponse: true });
    await server.connect(transport);
    // The transport reads the method, the headers and the body; the URL is only passed on to handlers, which ignore it.
    // The client's abort reaches the tools through their caller, not through the Request.
    const request = new Request(`http://localhost${MCP_PATH}`, {
      method: 'POST',
      headers: webHeaders(headers),
      body: parsed === undefined ? body.bytes : null,
    });
    // Nothing outlives the answer in stateless JSON mode (no stream, no timer, no session): the server and its
    // transport are left to the garbage collector. Closing them would abort and reject what is already settled, at
    // about a tenth of a call's CPU.
    const response = await transport.handleRequest(request, parsed === undefined ? undefined : { parsedBody: parsed });
    // In JSON mode the answer is whole once it is returned: no stream to relay, so it is compressed like /v1's.
    for (const [name, value] of response.headers) if (name !== 'content-type') ex.header(name, value);
    const answered = new Uint8Array(await response.arrayBuffer());
    return new Reply(
      response.headers.get('content-type') ?? '',
      answered,
      `${response.status} ${STATUS_CODES[response.status] ?? ''}`,
    );
  };

  app.post(
    MCP_PATH,
    handler(deps, MCP_PATH, 0, (ex, req) => {
      const headers: [string, string][] = [];
      req.forEach((name, value) => headers.push([name, value]));
      const body = readBody(ex.res, MAX_BODY_BYTES);
      checkOrigin(ex);
      const principal = identify(ex, deps);
      requireScope(principal, 'read', MCP_PATH);
      return body.then((b) => answer(ex, headers, b, principal));
    }),
  );

  app.options(
    MCP_PATH,
    handler(deps, MCP_PATH, 0, (ex) => {
      checkOrigin(ex);
      ex.header('Access-Control-Allow-Methods', ALLOW);
      ex.header('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      ex.header('Access-Control-Max-Age', '86400');
      ex.header('Allow', ALLOW);
      return new Reply('', '', '204 No Content');
    }),
  );

  // Stateless: there is no stream to GET (the spec's answer for that is a 405) and no session to DELETE.
  app.any(
    MCP_PATH,
    handler(deps, MCP_PATH, 0, (ex) => {
      checkOrigin(ex);
      return andThen(admit(ex, deps), () => {
        ex.header('Allow', ALLOW);
        throw new ApiError(
          'method_not_allowed',
          'POST JSON-RPC messages to /mcp: it keeps no sessions and offers no GET stream',
        );
      });
    }),
  );

  return {
    serve(built) {
      services = built;
    },
  };
}

/** The body as JSON, or undefined when it is not (the transport then answers the parse error itself). */
function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A batch is refused (once charged: each message costs what it would have) when it holds over MAX_BATCH messages or
 * asks twice for an answer that never changes.
 */
function checkBatch(message: unknown): void {
  if (!Array.isArray(message)) return;
  if (message.length > MAX_BATCH)
    throw new ApiError(
      'bad_request',
      `A JSON-RPC batch holds at most ${MAX_BATCH} messages; this one holds ${message.length}`,
    );
  const method = (m: unknown) => (typeof m === 'object' && m !== null ? (m as { method?: unknown }).method : undefined);
  for (const once of ONCE_PER_BATCH) {
    if (message.filter((m) => method(m) === once).length > 1)
      throw new ApiError('bad_request', `A JSON-RPC batch may ask for ${once} once`);
  }
}

function webHeaders(pairs: [string, string][]): Headers {
  try {
    return new Headers(pairs);
  } catch {
    throw new ApiError('bad_request', 'A request header is not valid');
  }
}
