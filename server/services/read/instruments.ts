// Instruments and their venue listings as the interface shows them, from the hot market state only: summaries (the
// pooled price, or the official close of an instrument no venue quotes, each labelled as what it is), the detail of
// one instrument with every venue, and the lookups other services resolve symbols with.
import { finiteOrNull, IN_POOL } from '../../../core/kernels/pool.js';
import { type Page, wholeList } from '../../../core/paging.js';
import { companyRef, instrumentRef } from '../../../core/refs.js';
import type { InstrumentDetail, InstrumentSummary, Venue } from '../../../core/schemas/instruments.js';
import { percentOf } from '../../../core/units.js';
import { type InstrumentKind, VENUE_OUT_REASONS } from '../../../core/vocabulary.js';
import type { InstrumentRow, MarketView } from '../../ports/index.js';
import { PerVersion } from '../kept/index.js';

type PriceFields = Pick<InstrumentSummary, 'price' | 'changePct' | 'priceTs' | 'priceLabel'>;

export class InstrumentService {
  /** Answers kept until the next tick. */
  private readonly kept: PerVersion;

  constructor(readonly state: MarketView) {
    this.kept = new PerVersion(() => state.version);
  }

  /** How many instruments there are: their indexes run from 0 to this. */
  get count(): number {
    return this.state.instruments.length;
  }

  /** The listings of instrument `i`: the indexes [start, end) that `venue(j)` reads. */
  listings(i: number): { start: number; end: number } {
    return { start: this.state.offsets[i]!, end: this.state.offsets[i + 1]! };
  }

  /** How many of instrument `i`'s venues are in its pool now. */
  venuesInPool(i: number): number {
    return this.state.pooled.inPool[i]!;
  }

  /** Index of the instrument named by `symbol` (any case), or a 404 naming it. */
  resolve(symbol: string): number {
    return this.state.require(symbol);
  }

  /** Index of the instrument named by `symbol` (any case); -1 when there is none. */
  find(symbol: string): number {
    return this.state.find(symbol);
  }

  row(i: number): InstrumentRow {
    return this.state.instruments[i]!;
  }

  /** The instruments of a company, by its slug. */
  ofCompany(slug: string): InstrumentRow[] {
    return this.state.instruments.filter((inst) => inst.company === slug);
  }

  /** The summaries of a company's instruments, by its slug. */
  summariesOfCompany(slug: string): InstrumentSummary[] {
    const out: InstrumentSummary[] = [];
    for (let i = 0; i < this.state.instruments.length; i++)
      if (this.state.instruments[i]!.company === slug) out.push(this.summary(i));
    return out;
  }

  /** What every list of instruments shows of instrument `i`. */
  summary(i: number): InstrumentSummary {
    const s = this.state;
    const inst = s.instruments[i]!;
    return {
      ...instrumentRef(inst),
      symbol: inst.symbol,
      name: inst.name,
      kind: inst.kind,
      currency: inst.currency,
      company: inst.company ? companyRef(inst.company, inst.companyName) : null,
      ...(inst.official !== null && s.offsets[i] === s.offsets[i + 1]
        ? this.officialPrice(i, inst.official)
        : this.pooledPrice(i)),
    };
  }

  /** The price pooled from the venues, labelled so. */
  private pooledPrice(i: number): PriceFields {
    const s = this.state;
    const price = finiteOrNull(s.pooled.price[i]!);
    return {
      price,
      changePct: s.changePct(i),
      priceTs: price === null ? null : new Date(s.priceTs[i]!).toISOString(),
      priceLabel: `${s.instruments[i]!.symbol} · 24/7 (venues)`,
    };
  }

  /**
   * The price of an instrument no venue quotes: its latest official daily close (timed at the day's open, as its
   * candle is) against the close before it, labelled with its source.
   */
  private officialPrice(i: number, label: string): PriceFields {
    const days = this.state.candles['1d'];
    const ring = days.ring;
    // Today's close when it was imported today (the open day's bar), else the last closed day's; days of other
    // origins (minutes imported under it) are passed over, so the label holds for the price shown.
    const today = days.live(i, null);
    const closes = today?.origin ? [today.close] : [];
    const times = today?.origin ? [today.ts] : [];
    for (let p = ring.size(i) - 1; p >= 0 && closes.length < 2; p--) {
      const k = ring.slot(i, p);
      if (!ring.origin[k]) continue;
      closes.push(ring.close[k]!);
      times.push(ring.ts[k]!);
    }
    const price = closes.length ? finiteOrNull(closes[0]!) : null;
    const before = closes[1] ?? NaN;
    return {
      price,
      changePct: price === null ? null : finiteOrNull(((price - before) / before) * 100),
      priceTs: price === null ? null : new Date(times[0]!).toISOString(),
      priceLabel: `${this.state.instruments[i]!.symbol} · ${label}`,
    };
  }

  /** Every instrument, or those of one kind. */
  list(kind?: InstrumentKind): InstrumentSummary[] {
    const out: InstrumentSummary[] = [];
    for (let i = 0; i < this.state.instruments.length; i++)
      if (!kind || this.state.instruments[i]!.kind === kind) out.push(this.summary(i));
    return out;
  }

  /** The list as one page, built once per tick (shared until the next: callers must not change it). */
  listKept(kind?: InstrumentKind): { data: InstrumentSummary[]; page: Page } {
    return this.kept.get(`list:${kind ?? ''}`, () => wholeList(this.list(kind)));
  }

  /** Listing `j` as the instrument detail and the stream show it: its quote, its place in the pool, its derivatives. */
  venue(j: number): Venue {
    const s = this.state;
    const l = s.listings[j]!;
    const reason = s.pooled.reason[j]!;
    return {
      listingId: l.id,
      venue: l.venue,
      market: l.market,
      venueSymbol: l.venueSymbol,
      price: Number.isNaN(s.ts[j]!) ? null : finiteOrNull(s.price[j]!),
      deviationPct: finiteOrNull(s.pooled.deviationPct[j]!),
      staleSeconds: finiteOrNull(s.pooled.staleS[j]!),
      inPool: reason === IN_POOL,
      reason: reason === IN_POOL ? null : VENUE_OUT_REASONS[reason - 1]!,
      volume24hUsd: finiteOrNull(s.volume24hUsd[j]!),
      openInterestUsd: finiteOrNull(s.openInterestUsd[j]!),
      fundingRatePct: percentOf(s.fundingRate[j]!),
      fundingIntervalHours: l.fundingIntervalHours,
    };
  }

  /** One instrument: its summary, confidence band, open interest, funding and every venue listing. */
  detail(symbol: string): InstrumentDetail {
    return this.detailOf(this.resolve(symbol));
  }

  /** The detail, built once per tick likewise. */
  detailKept(symbol: string): InstrumentDetail {
    const i = this.resolve(symbol);
    return this.kept.get(`detail:${i}`, () => this.detailOf(i));
  }

  private detailOf(i: number): InstrumentDetail {
    const s = this.state;
    const { pooled } = s;
    let volume = 0;
    const venues: Venue[] = [];
    for (let j = s.offsets[i]!; j < s.offsets[i + 1]!; j++) {
      if (pooled.reason[j] === IN_POOL) volume += s.volume24hUsd[j]!;
      venues.push(this.venue(j));
    }
    const { openInterestUsd, fundingRate8hPct } = s.derivativesNow(i);
    return {
      ...this.summary(i),
      confidence: { low: finiteOrNull(pooled.low[i]!), high: finiteOrNull(pooled.high[i]!) },
      venuesInPool: pooled.inPool[i]!,
      volume24hUsd: volume > 0 ? volume : null,
      openInterestUsd,
      fundingRate8hPct,
      venues,
    };
  }
}
