// Every answered request counted by route and status class, and its time in a histogram, for /metrics. Taken as
// each request is logged: a map lookup by the route's pattern and a few increments, nothing allocated per request.
import { Histogram } from './histogram.js';

/** Seconds from a request's arrival to its answer sent: memory answers take well under a millisecond. */
export const LATENCY_BOUNDS_S = [0.001, 0.005, 0.025, 0.1, 0.5, 2.5];
/** The status classes counted; `none` is a request whose client left before any answer. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'none'] as const;

export interface RouteFigures {
  /** Requests answered, per STATUS_CLASSES entry. */
  readonly byClass: Float64Array;
  readonly latency: Histogram;
}

export class HttpFigures {
  private readonly routes = new Map<string, RouteFigures>();

  /** One request of `route` (its pattern, never the raw URL) answered `status` after `seconds`. */
  record(route: string, status: number, seconds: number): void {
    let figures = this.routes.get(route);
    if (!figures)
      this.routes.set(
        route,
        (figures = { byClass: new Float64Array(STATUS_CLASSES.length), latency: new Histogram(LATENCY_BOUNDS_S) }),
      );
    figures.byClass[status >= 100 && status < 600 ? Math.floor(status / 100) - 1 : 5]!++;
    figures.latency.observe(seconds);
  }

  /** The routes requested so far, with their figures. */
  all(): ReadonlyMap<string, RouteFigures> {
    return this.routes;
  }
}
