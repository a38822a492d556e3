// The pages' own data answers, for their scripts: the chart's candles (the candles service's bytes, as
// /v1/instruments/{symbol}/candles answers them) and a fresh stream ticket once the page's first one has expired.
import { ApiError, validationError } from '../../../core/errors.js';
import { CANDLE_INTERVALS } from '../../../core/vocabulary.js';
import type { CandleInterval } from '../../market/state.js';
import { candleRequest } from '../../services/candles.js';
import { JsonAnswer, type WebPage } from '../mount.js';
import { clock } from '../../clock.js';

export const chartCandles: WebPage = {
  path: '/web/candles/:symbol',
  async render({ params, query, services, caller }) {
    const interval = query.interval ?? '1d';
    if (!CANDLE_INTERVALS.includes(interval as CandleInterval)) throw validationError([{ in: 'query', param: 'interval', message: `must be one of ${CANDLE_INTERVALS.join(', ')}` }]);
    return new JsonAnswer(await services.candles.pooledJson(params[0]!, candleRequest({ interval: interval as CandleInterval }, clock.now()), caller));
  },
};

export const pageTicket: WebPage = {
  path: '/web/ticket',
  render({ query, services, tickets, ip }) {
    if (!query.topics) throw new ApiError('bad_request', 'Name the topics: /web/ticket?topics=quotes');
    return new JsonAnswer(JSON.stringify({ data: tickets.issue({ client: `ip:${ip}` }, services.stream.topics(query.topics.slice(0, 2000))) }));
  },
};
