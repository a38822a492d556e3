// What a page of the website is: its path, the request headers it reads, and how it renders from the services
// (HTML, or JSON for the pages' own scripts). The pages and the mount that serves them both stand on it.
import type { Caller } from '../db-queue.js';
import type { RawJson } from '../http/raw-json.js';
import type { Services } from '../services/index.js';
import type { StreamTickets } from '../stream/tickets.js';
import type { ShellPage } from './layout.js';

export interface PageCtx {
  params: string[];
  query: Record<string, string>;
  /** The request headers the page named in `headers`, lower-case ('' when absent). */
  headers: Record<string, string>;
  services: Services;
  caller: Caller;
  ip: string;
  tickets: StreamTickets;
  /** A stream ticket on `topics` for the page's live script, as the page's HTML holds it (the viewer's own once sent). */
  liveTicket(topics: string[]): string;
}

/** A page's data answer for its script (candles for the chart, a fresh stream ticket): JSON, not HTML. */
export class JsonAnswer {
  constructor(readonly body: string | RawJson) {}
}

export interface WebPage {
  path: string;
  /** Request headers the page reads (read for it before rendering: uWS's request lives only until its handler returns). */
  headers?: readonly string[];
  render(ctx: PageCtx): ShellPage | JsonAnswer | Promise<ShellPage | JsonAnswer>;
}
