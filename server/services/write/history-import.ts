// History files into the candles: one file's bars in one transaction, daily and hourly into the imported-bars tables
// (under their source, the tick-derived aggregate winning where both have a bar), minutes into the 1m bars the
// aggregates are built from; a bar already stored is kept, so importing a file twice writes nothing the second time.
// An instrument no one has named yet is added, its kind and currency taken from the file. A running server's memory
// reads the series again at once, and takes in an instrument it did not know, so every surface serves them now.
import type { ParsedHistory } from '../../../core/sources/history/parsed.js';
import type { SkippedItem } from '../../../core/sources/records.js';
import { usdLike } from '../../../core/sources/venues/backfill.js';
import { clock } from '../../clock.js';
import type { Db } from '../../db.js';
import { rereadInstrument } from '../../market/reread.js';
import type { MarketWrites } from '../../ports/index.js';
import type { MarketStore } from './market-store.js';

const INSERT = { '1m': 'insertHistoryBars1m', '1h': 'insertHistoryBars1h', '1d': 'insertHistoryBars1d' } as const;
/** Aggregates to bring up to date after minutes were written under them. */
const REFRESH = ['refreshBars1h', 'refreshBars1d'] as const;

export interface HistoryReport {
  symbol: string;
  /** True when the file's instrument was not there and was added. */
  added: boolean;
  interval: string;
  fileInterval: string;
  source: string;
  read: number;
  written: number;
  existing: number;
  skipped: SkippedItem[];
}

/** A history file's bars as plain arrays: what the import command sends a running server. */
export interface HistoryPayload extends Omit<ParsedHistory, 'bars'> {
  bars: {
    ts: number[];
    open: number[];
    high: number[];
    low: number[];
    close: number[];
    volume: number[];
    skipped: SkippedItem[];
  };
}

export function historyPayload(parsed: ParsedHistory): HistoryPayload {
  const b = parsed.bars;
  const column = (a: Float64Array) => Array.from(a.subarray(0, b.length));
  return {
    ...parsed,
    bars: {
      ts: column(b.ts),
      open: column(b.open),
      high: column(b.high),
      low: column(b.low),
      close: column(b.close),
      volume: column(b.volume),
      skipped: b.skipped,
    },
  };
}

/** The running server's market memory and where it reads held candles from. */
export interface HeldMarket {
  state: MarketWrites;
  store: MarketStore;
}

export class HistoryImport {
  constructor(
    private readonly db: Db,
    /** The running server's memory, which reads what was written at once; none for the CLI writing alone. */
    private readonly market: HeldMarket | null,
  ) {}

  /** Writes one file's bars under `symbol` (the command's --symbol, else the file's own); throws when neither names one. */
  async write(history: HistoryPayload, symbol: string | null): Promise<HistoryReport> {
    const name = symbol ?? history.symbol;
    if (!name) throw new Error('the file does not name its instrument: pass --symbol');
    if (!/^[A-Za-z0-9._^=-]{1,20}$/.test(name))
      throw new Error(`${JSON.stringify(name)} is not a symbol (up to 20 letters, digits or ._^=-)`);
    const fileCurrency =
      history.quoteCurrency === null ? null : usdLike(history.quoteCurrency) ? 'USD' : history.quoteCurrency;
    const { bars } = history;
    const { added, written, id } = await this.db.transaction(async (tx) => {
      const [found] = await tx.rows<{ id: number; symbol: string; currency: string }>('instrumentBySymbol', {
        symbol: name,
      });
      if (found && fileCurrency !== null && found.currency !== fileCurrency) {
        throw new Error(`prices in ${history.quoteCurrency}, but ${found.symbol} is quoted in ${found.currency}`);
      }
      const id =
        found?.id ??
        (
          await tx.rows<{ id: number }>('insertHistoryInstrument', {
            symbol: name.toUpperCase(),
            name: name.toUpperCase(),
            kind: kindOf(history, name),
            currency: fileCurrency ?? 'USD',
          })
        )[0]!.id;
      const [row] = await tx.rows<{ n: number }>(INSERT[history.interval], {
        id,
        // The 1m bars are the ticks' own: their source is not kept.
        ...(history.interval === '1m' ? {} : { source: history.source }),
        ts: bars.ts.map((ts) => new Date(ts)),
        open: bars.open,
        high: bars.high,
        low: bars.low,
        close: bars.close,
        volume: bars.volume.map((v) => (Number.isFinite(v) ? v : null)),
      });
      return { added: !found, written: row!.n, id };
    });
    if (history.interval === '1m' && written) for (const q of REFRESH) await this.db.rows(q);
    if (this.market && (written || added))
      await rereadInstrument(this.market.store, this.market.state, id, clock.now());
    const read = bars.ts.length;
    return {
      symbol: name.toUpperCase(),
      added,
      interval: history.interval,
      fileInterval: history.fileInterval,
      source: history.source,
      read,
      written,
      existing: read - written,
      skipped: bars.skipped,
    };
  }
}

/** A new instrument's kind: an index (^SPX) or a stock from an exchange's closes, else a venue's crypto pair. */
function kindOf(history: HistoryPayload, symbol: string): 'index' | 'stock' | 'crypto' {
  if (history.officialLabel === null) return 'crypto';
  // Stooq's index tickers start with ^ (^SPX), whether or not they map to another symbol.
  return (history.venueSymbol ?? symbol).startsWith('^') ? 'index' : 'stock';
}
