// The pages' own data answers, for their scripts: the chart's candles (the candles service's bytes, as
// /v1/instruments/{symbol}/candles answers them) and a fresh stream ticket once the page's first one has expired.
import { ApiError, clip, validationError } from '../../../core/errors.js';
import { candleRequest } from '../../../core/requests/candles.js';
import { instrumentTopic, QUOTES_TOPIC } from '../../../core/stream/topics.js';
import { CANDLE_INTERVALS, type CandleInterval } from '../../../core/vocabulary.js';
import { candleAnswer } from '../../answers/candles.js';
import { clock } from '../../clock.js';
import type { Services } from '../../services/index.js';
import { JsonAnswer, type WebPage } from '../page.js';

export const chartCandles: WebPage = {
  path: '/web/candles/:symbol',
  async render({ params, query, services, caller }) {
    const interval = query.interval ?? '1d';
    if (!CANDLE_INTERVALS.includes(interval as CandleInterval))
      throw validationError([
        { in: 'query', param: 'interval', message: `must be one of ${CANDLE_INTERVALS.join(', ')}` },
      ]);
    return new JsonAnswer(
      candleAnswer(
        await services.candles.pooled(
          params[0]!,
          candleRequest({ interval: interval as CandleInterval }, clock.now()),
          caller,
        ),
      ),
    );
  },
};

const INSTRUMENT_PAGE = /^\/instruments\/([^/]+)$/;

/**
 * A renewed ticket for a page's own live topics, to the page's viewer: the home page's quotes, an instrument page's
 * instrument. Asked from anywhere else (no Referer of this site, another page, other topics), it is a 403: the API's
 * streams take a key, and a ticket from here must not open them to anyone who asks.
 */
export const pageTicket: WebPage = {
  path: '/web/ticket',
  headers: ['referer', 'host'],
  render({ query, headers, services, tickets, ip }) {
    if (!query.topics) throw new ApiError('bad_request', 'Name the topics: /web/ticket?topics=quotes');
    const topics = services.stream.topics(query.topics.slice(0, 2000));
    const from = ownPage(headers.referer!, headers.host!);
    if (from === null)
      throw new ApiError(
        'forbidden',
        "Page tickets are for this site's own pages; the API's streams take a key (Authorization: Bearer, or a ticket from /v1/stream/ticket)",
      );
    const shown = pageTopics(from, services);
    const other = topics.filter((topic) => !shown.includes(topic));
    if (other.length)
      throw new ApiError(
        'forbidden',
        `The page ${clip(from, 100)} shows ${shown.join(', ') || 'no live topic'}, not ${other.join(', ')}`,
      );
    return new JsonAnswer(JSON.stringify({ data: tickets.issue({ client: `ip:${ip}` }, topics) }));
  },
};

/** The path of the page of this site that `referer` names (its host the request's `host`), or null. */
function ownPage(referer: string, host: string): string | null {
  try {
    const url = new URL(referer);
    return url.host === host && (url.protocol === 'http:' || url.protocol === 'https:') ? url.pathname : null;
  } catch {
    return null;
  }
}

/** The live topics the page at `path` shows: the home page's quotes, an instrument page's instrument; none elsewhere. */
function pageTopics(path: string, services: Services): string[] {
  if (path === '/') return [QUOTES_TOPIC];
  const symbol = INSTRUMENT_PAGE.exec(path)?.[1];
  if (!symbol) return [];
  try {
    return services.stream.topics(instrumentTopic(decodeURIComponent(symbol)));
  } catch {
    return []; // not an instrument's page after all (bad escapes, an unknown symbol)
  }
}
