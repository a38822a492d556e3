// The Polymarket feed: per configured slug, the market (or every market of the event) from the Gamma API, then each
// outcome token's price history from the CLOB API: its whole history at the first round, the last week after.
import { POLYMARKET_SOURCE } from '../../../core/sources/polymarket/source.js';
import type { ParsedPayload } from '../../../core/sources/records.js';
import { clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { ImportService } from '../../services/write/imports.js';
import { FeedHttpError, getText } from '../http.js';
import { importAnswer } from '../imported.js';
import { FeedItems } from '../poller.js';
import type { Source } from '../source.js';

/** Minutes between two points of a price history. */
const FIDELITY_MINUTES = '60';
/** A CLOB token id; an outcome without one carries its market's id and position instead. */
const TOKEN = /^\d+$/;

export class PolymarketFeed {
  private readonly items: FeedItems;
  private rounds = 0;

  constructor(
    private readonly source: Pick<Source, 'name' | 'parse'>,
    private readonly settings: Config['polymarket'],
    private readonly imports: ImportService,
    private readonly log: Logger,
  ) {
    this.items = new FeedItems(POLYMARKET_SOURCE, log);
  }

  async round(signal: AbortSignal): Promise<void> {
    for (const slug of this.settings.markets) {
      await this.items.run(`market ${slug}`, async () => {
        // A slug names a market or an event of several.
        let found = await this.answer(this.settings.gammaUrl, 'markets', { slug }, null, signal);
        if (!found.markets?.length) found = await this.answer(this.settings.gammaUrl, 'events', { slug }, null, signal);
        if (!found.markets?.length) throw new FeedHttpError(`no market or event ${slug}`, 404, null);
        const tokens = found.markets.flatMap((m) => m.outcomes.map((o) => o.outcomeKey)).filter((k) => TOKEN.test(k));
        for (const token of tokens) {
          const params = { market: token, interval: this.rounds === 0 ? 'max' : '1w', fidelity: FIDELITY_MINUTES };
          await this.answer(this.settings.clobUrl, 'prices-history', params, token, signal);
        }
      });
    }
    this.rounds++;
  }

  private async answer(
    base: string,
    path: string,
    params: Record<string, string>,
    key: string | null,
    signal: AbortSignal,
  ): Promise<ParsedPayload> {
    const shown = `/${path}?${new URLSearchParams(params)}`;
    const text = await getText(`${base}${shown}`, shown, signal);
    return importAnswer(this.source, text, { name: shown, key, at: clock.now() }, this.imports, this.log);
  }
}
