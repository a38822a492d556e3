// Funding and open interest of an instrument's perpetual listings: the current values from hot state, and the daily
// series (funding per 8 hours weighted by open interest, total open interest) with, on request, each listing's hourly
// series, read as columns and kept for a few seconds as shared arrays (HTTP keeps their bytes by them).
import { instrumentRef } from '../../../core/refs.js';
import type { DerivativesRequest } from '../../../core/requests/derivatives.js';
import type {
  Derivatives,
  DerivativesDay,
  DerivativesHour,
  VenueDerivatives,
} from '../../../core/schemas/derivatives.js';
import { DAY_MS } from '../../../core/time.js';
import { percentOf } from '../../../core/units.js';
import type { Caller, Columns, Db } from '../../db.js';
import type { ListingRow, MarketView } from '../../ports/index.js';
import { AnswerCache, every } from '../kept/index.js';

/** Series kept per instrument, start day and perVenue, and for how long. */
const SERIES_KEPT = 200;
const SERIES_FRESH_MS = 10_000;
const DAY_COLUMNS = ['day', 'funding_8h', 'oi', 'venues'] as const;
const HOUR_COLUMNS = ['listing_id', 'ts', 'funding_rate', 'open_interest_usd'] as const;

export class DerivativesService {
  /**
   * The stored series change only as venue quotes are written (every few seconds): they are re-read at most that
   * often, and shared meanwhile (callers must not change them).
   */
  private readonly days = new AnswerCache<DerivativesDay[]>(SERIES_KEPT, every(SERIES_FRESH_MS));
  private readonly hours = new AnswerCache<VenueDerivatives[]>(SERIES_KEPT, every(SERIES_FRESH_MS));
  /** Where each instrument's stored series start: moved only by retention and imports, so read once a minute. */
  private readonly firstDays = new AnswerCache<{ ms: number | null }>(SERIES_KEPT, every(60_000));

  constructor(
    private readonly db: Db,
    private readonly state: MarketView,
  ) {}

  /** The current values, the daily series from `request.fromMs`'s day, and each listing's hours when asked. */
  async get(symbol: string, request: DerivativesRequest, caller?: Caller): Promise<Derivatives> {
    const i = this.state.require(symbol);
    // Days are whole: a `from` inside a day starts the daily series at that day.
    const fromDay = request.fromMs - (request.fromMs % DAY_MS);
    const perps = this.perpetuals(i);
    // Shared by concurrent requests: a read stops only once every request waiting for it has left.
    const [daily, first] = await Promise.all([
      this.days.get(`${i} ${fromDay}`, async (c) => dayObjects(await this.readDaily(perps, fromDay, c)), caller),
      this.firstDays.get(String(i), async (c) => ({ ms: await this.readFirstDay(perps, c) }), caller),
    ]);
    const availableFrom = first.ms === null ? null : isoDate(first.ms);
    const row = this.state.instruments[i]!;
    const answer: Derivatives = {
      instrument: instrumentRef(row),
      from: new Date(request.fromMs).toISOString(),
      availableFrom,
      ...(first.ms !== null && fromDay < first.ms
        ? {
            notice: `The held funding and open interest of ${row.symbol} start on ${availableFrom}: nothing earlier is held, so the daily series starts there`,
          }
        : {}),
      current: this.state.derivativesNow(i),
      daily,
    };
    if (request.perVenue) {
      answer.perVenue = await this.hours.get(
        `${i} ${request.fromMs}`,
        async (c) => perVenueObjects(perps, await this.readHourly(perps, request.fromMs, c)),
        caller,
      );
    }
    return answer;
  }

  private perpetuals(i: number): ListingRow[] {
    const s = this.state;
    return s.listings.slice(s.offsets[i]!, s.offsets[i + 1]!).filter((l) => l.fundingIntervalHours);
  }

  private async readFirstDay(perps: ListingRow[], caller?: Caller): Promise<number | null> {
    if (!perps.length) return null;
    const [row] = await this.db.rows<{ day: number | null }>(
      'derivativesFirstDay',
      { ids: perps.map((l) => l.id) },
      caller,
    );
    return row?.day ?? null;
  }

  private readDaily(
    perps: ListingRow[],
    fromDay: number,
    caller?: Caller,
  ): Promise<Columns<(typeof DAY_COLUMNS)[number]>> {
    return this.db.columns(
      'derivativesDaily',
      { ids: perps.map((l) => l.id), from: new Date(fromDay) },
      DAY_COLUMNS,
      caller,
    );
  }

  private readHourly(
    perps: ListingRow[],
    fromMs: number,
    caller?: Caller,
  ): Promise<Columns<(typeof HOUR_COLUMNS)[number]>> {
    return this.db.columns(
      'derivativesHourly',
      { ids: perps.map((l) => l.id), from: new Date(fromMs) },
      HOUR_COLUMNS,
      caller,
    );
  }
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dayObjects({ length, columns: c }: Columns<(typeof DAY_COLUMNS)[number]>): DerivativesDay[] {
  const out: DerivativesDay[] = [];
  for (let k = 0; k < length; k++) {
    out.push({
      date: isoDate(c.day[k]!),
      fundingRate8hPct: percentOf(c.funding_8h[k]!),
      openInterestUsd: finite(c.oi[k]!),
      venues: c.venues[k]!,
    });
  }
  return out;
}

/** Each listing's hours, in the order of `perps`, its funding in percent, also per 8 hours. */
function perVenueObjects(
  perps: ListingRow[],
  { length, columns: c }: Columns<(typeof HOUR_COLUMNS)[number]>,
): VenueDerivatives[] {
  const series = new Map(perps.map((l) => [l.id, [] as DerivativesHour[]]));
  const per8h = new Map(perps.map((l) => [l.id, 8 / l.fundingIntervalHours!]));
  for (let k = 0; k < length; k++) {
    const id = c.listing_id[k]!;
    const rate = c.funding_rate[k]!;
    series.get(id)!.push({
      ts: new Date(c.ts[k]!).toISOString(),
      fundingRatePct: percentOf(rate),
      fundingRate8hPct: percentOf(rate * per8h.get(id)!),
      openInterestUsd: finite(c.open_interest_usd[k]!),
    });
  }
  return perps.map((l) => ({
    listingId: l.id,
    venue: l.venue,
    fundingIntervalHours: l.fundingIntervalHours!,
    hourly: series.get(l.id)!,
  }));
}
