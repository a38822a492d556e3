// Mounts the website on the API's uWS app: every page and the pages' own data answers go through one handler that
// admits the viewer like an anonymous caller (readiness, then the IP's rate-limit bucket), renders from the services
// and sends HTML with a CSP that allows no inline script; the hashed assets are served from memory.

import type { DatasetWorld } from '../../core/dataset-world.js';
import { ApiError, ERROR_CATALOGUE } from '../../core/errors.js';
import type { KeyIndex } from '../auth.js';
import type { Caller } from '../db-queue.js';
import type { Exchange } from '../http/exchange.js';
import { decodeComponent, parseQuery } from '../http/query.js';
import { type AccessLog, asApiError, errorHeaders, JSON_TYPE, logDone, sendError } from '../http/respond.js';
import type { Gate } from '../http/route.js';
import { handler, Reply, type Surface, send } from '../http/surface.js';
import type { HttpRequest, TemplatedApp } from '../http/uws.js';
import type { Limiter } from '../limits.js';
import type { Services } from '../services/index.js';
import type { StreamTickets } from '../stream/tickets.js';
import { ASSET_CACHE, ASSETS } from './assets.js';
import { filled, KeptPages, keptPage, ticketSlot } from './kept-pages.js';
import { renderPage, type ShellPage } from './layout.js';
import { JsonAnswer, type PageCtx, type WebPage } from './page.js';
import { errorPage } from './pages/error.js';
import { WEB_PAGES } from './pages/index.js';

export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const HTML_TYPE = 'text/html; charset=utf-8';
const COMPRESS_MIN_BYTES = 1024;
/** Where the pages' scripts read their data (candles, a renewed ticket): JSON answers, JSON errors. */
const DATA_PATHS = '/web/';

export interface WebDeps extends AccessLog {
  keys: KeyIndex;
  limiter: Limiter;
  gate: Gate;
  tickets: StreamTickets;
}

export function mountWeb(app: TemplatedApp, deps: WebDeps): { serve(services: Services): void } {
  const { log } = deps;
  let services: Services | null = null;

  const securityHeaders = (ex: Exchange) => {
    ex.header('Content-Security-Policy', CSP);
    ex.header('X-Content-Type-Options', 'nosniff');
    ex.header('Referrer-Policy', 'same-origin');
  };

  /** The dataset the site shows, as of the last meta snapshot (none yet before the services are up). */
  const world = (): DatasetWorld | null => {
    const snapshot = services?.meta.get();
    return !snapshot || snapshot instanceof Promise ? null : (snapshot.dataset?.name ?? null);
  };
  const fail = (ex: Exchange, route: string, err: unknown) => {
    if (ex.aborted) return logDone(deps, ex, route);
    ex.header('Cache-Control', 'no-store');
    // The pages' data answers are read by their scripts: a failure there is the API's JSON error, not a page.
    if (route.startsWith(DATA_PATHS)) return sendError(deps, ex, route, err);
    const e = asApiError(log, err, { reqId: ex.requestId, route });
    errorHeaders(ex, e);
    const page = new Reply(HTML_TYPE, renderPage(errorPage(e).shell, world()), ERROR_CATALOGUE[e.code].statusLine);
    send(
      ex,
      page,
      COMPRESS_MIN_BYTES,
      () => logDone(deps, ex, route),
      (err) => sendError(deps, ex, route, err),
    );
  };
  const surface: Surface = { log, figures: deps.figures, compressMinBytes: COMPRESS_MIN_BYTES, fail };

  const kept = new KeptPages();
  const render = (p: WebPage) => (ex: Exchange, req: HttpRequest) => {
    securityHeaders(ex);
    const notReady = deps.gate.notReadyReason();
    if (notReady) throw new ApiError('unavailable', `Not ready: ${notReady}`);
    const principal = deps.keys.byIp(ex.ip);
    deps.limiter.applyAnonymous(principal, ex);
    const params = ex.rawParams.map((raw) => decodeComponent(raw, false));
    if (params.some((v) => v === null)) throw new ApiError('not_found', 'No such page');
    const caller: Caller = {
      owner: principal.client,
      get signal() {
        return ex.signal;
      },
    };
    const ticket = (topics: string[]) => deps.tickets.issue({ client: `ip:${ex.ip}` }, topics).ticket;
    // A page that reads request headers is the viewer's own; any other is the same for every viewer of its URL.
    const shown = world();
    const key = p.headers?.length ? null : `${p.path}\n${ex.rawParams.join('\n')}\n${ex.query}\n${shown}`;
    const stamp = services!.dataStamp();
    const hit = key === null ? undefined : kept.get(key, stamp);
    if (hit) {
      ex.header('Cache-Control', 'no-cache');
      return new Reply(HTML_TYPE, filled(hit, ticket));
    }
    const headers = Object.fromEntries((p.headers ?? []).map((name) => [name, req.getHeader(name)]));
    const topics: string[][] = [];
    const liveTicket = (t: string[]) => ticketSlot(topics.push(t) - 1);
    const ctx: PageCtx = {
      params: params as string[],
      query: parseQuery(ex.query).values,
      headers,
      services: services!,
      caller,
      ip: ex.ip,
      tickets: deps.tickets,
      liveTicket,
    };
    const reply = (out: ShellPage | JsonAnswer) => {
      ex.header('Cache-Control', 'no-cache');
      if (out instanceof JsonAnswer) return new Reply(JSON_TYPE, out.body);
      const page = keptPage(renderPage(out.shell, shown), topics);
      if (key !== null) kept.set(key, stamp, page);
      return new Reply(HTML_TYPE, filled(page, ticket));
    };
    const out = p.render(ctx);
    return out instanceof Promise ? out.then(reply) : reply(out);
  };

  for (const p of WEB_PAGES) {
    const page = handler(surface, p.path, (p.path.match(/:/g) ?? []).length, render(p));
    app.get(p.path, page);
    app.head(p.path, page);
  }
  for (const a of Object.values(ASSETS)) {
    app.get(
      a.path,
      handler(surface, '/assets', 0, (ex) => {
        ex.header('Cache-Control', ASSET_CACHE);
        ex.header('X-Content-Type-Options', 'nosniff');
        return new Reply(a.type, a.body);
      }),
    );
  }
  return {
    serve(built) {
      services = built;
    },
  };
}
