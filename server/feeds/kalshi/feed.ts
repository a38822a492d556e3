// The Kalshi feed: per configured ticker, the market (or, for an event's ticker, the event with its markets) from
// the Trade API, then each market's hourly candlesticks over the last 30 days.
import { KALSHI_SOURCE, seriesOf } from '../../../core/sources/kalshi/source.js';
import type { ParsedPayload } from '../../../core/sources/records.js';
import { DAY_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { ImportService } from '../../services/write/imports.js';
import { FeedHttpError, getText } from '../http.js';
import { importAnswer } from '../imported.js';
import { FeedItems } from '../poller.js';
import type { Source } from '../source.js';

const CANDLES_MS = 30 * DAY_MS;
/** Minutes per candle. */
const PERIOD_MINUTES = '60';

export class KalshiFeed {
  private readonly items: FeedItems;

  constructor(
    private readonly source: Pick<Source, 'name' | 'parse'>,
    private readonly settings: Config['kalshi'],
    private readonly imports: ImportService,
    private readonly log: Logger,
  ) {
    this.items = new FeedItems(KALSHI_SOURCE, log);
  }

  async round(signal: AbortSignal): Promise<void> {
    const now = clock.now();
    for (const ticker of this.settings.markets) {
      await this.items.run(`market ${ticker}`, async () => {
        const found = await this.answer(`markets/${encodeURIComponent(ticker)}`, {}, null, signal).catch(
          (err: unknown) => {
            // A ticker that is no market may be an event's.
            if (err instanceof FeedHttpError && err.status === 404)
              return this.answer(`events/${encodeURIComponent(ticker)}`, { with_nested_markets: 'true' }, null, signal);
            throw err;
          },
        );
        for (const m of found.markets ?? []) {
          const params = {
            start_ts: String(Math.floor((now - CANDLES_MS) / 1000)),
            end_ts: String(Math.floor(now / 1000)),
            period_interval: PERIOD_MINUTES,
          };
          const path = `series/${encodeURIComponent(seriesOf(m.sourceKey))}/markets/${encodeURIComponent(m.sourceKey)}/candlesticks`;
          await this.answer(path, params, m.sourceKey, signal);
        }
      });
    }
  }

  private async answer(
    path: string,
    params: Record<string, string>,
    key: string | null,
    signal: AbortSignal,
  ): Promise<ParsedPayload> {
    const query = new URLSearchParams(params).toString();
    const shown = `/${path}${query ? `?${query}` : ''}`;
    const text = await getText(`${this.settings.url}${shown}`, shown, signal);
    return importAnswer(this.source, text, { name: shown, key, at: clock.now() }, this.imports, this.log);
  }
}
