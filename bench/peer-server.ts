// The peer for bench/endpoint.ts: a fastify 5 process doing a deployment's per-request job for one URL (Bearer key
// checked by SHA-256, @fastify/rate-limit and its headers, a request id, one pino access-log line at `info` on stdout,
// written like tapewire's) and answering with fixed bytes: what the framework a user might pick instead costs.
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';
import { hashKey, isWellFormedKey, sameHash } from '../core/keys.js';

const url = process.env.BARE_URL ?? '/v1/meta';
const contentType = process.env.BARE_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const body = readFileSync(process.env.BARE_BODY_FILE ?? '/dev/null');
const keyHash = hashKey(process.env.PEER_KEY ?? '');
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

// As server/log.ts: asynchronous, batched up to 8 KiB, flushed on a short timer.
const destination = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
setInterval(() => destination.flush(), 250).unref();
const logger = pino(
  { level: process.env.LOG_LEVEL ?? 'info', base: { service: 'peer' }, timestamp: pino.stdTimeFunctions.isoTime },
  destination,
);

const bootId = Date.now().toString(36);
let sequence = 0;
const app = Fastify({
  loggerInstance: logger,
  // Fastify's own logging writes two lines per request; tapewire writes one, so the peer logs one in onResponse.
  logController: new LogController({ disableRequestLogging: true }),
  genReqId: () => `${bootId}-${(++sequence).toString(36)}`,
});

/** The key's client id when the request carries the key, else a 401 (as tapewire: no anonymous access here). */
function keyOf(authorization: string | undefined): string | null {
  const key = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  return key && isWellFormedKey(key) && sameHash(hashKey(key), keyHash) ? 'key:1' : null;
}

app.addHook('onRequest', async (request, reply) => {
  const client = keyOf(request.headers.authorization);
  if (!client)
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer realm="peer"')
      .send({ error: { code: 'unauthorized', message: 'Invalid key' } });
  (request as typeof request & { client: string }).client = client;
});
await app.register(rateLimit, {
  max: 100_000_000,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request) => (request as typeof request & { client?: string }).client ?? request.ip,
});
app.addHook('onResponse', async (request, reply) => {
  request.log.info(
    {
      reqId: request.id,
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: reply.elapsedTime,
    },
    'request',
  );
});
app.get(url, async (request, reply) => {
  reply.header('Content-Type', contentType).header('X-Request-Id', request.id);
  return body;
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port), native: true })}\n`);

const stop = () => {
  destination.flushSync();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop).on('error', stop).resume();
