// Funding and open interest of an instrument's perpetual listings: the current values from hot state, and the daily
// series (funding per 8 hours weighted by open interest, total open interest) with, on request, each listing's hourly
// series, read as columns. HTTP gets the stored series as kept bytes; MCP and brief get objects.
import { instrumentRef } from '../../../core/refs.js';
import type { DerivativesRequest } from '../../../core/requests/derivatives.js';
import type { Derivatives, DerivativesDay, DerivativesHour, VenueDerivatives } from '../../../core/schemas/derivatives.js';
import { jsonNumber } from '../../../core/series.js';
import { DAY_MS } from '../../../core/time.js';
import type { Caller, Columns, Db } from '../../db.js';
import { RawJson } from '../../http/raw-json.js';
import type { ListingRow, MarketState } from '../../market/state.js';
import { AnswerCache, every } from '../kept/index.js';

/** Series kept per instrument, start day and perVenue, and for how long. */
const SERIES_KEPT = 200;
const SERIES_FRESH_MS = 10_000;
const CLOSE = Buffer.from('}}');
const DAY_COLUMNS = ['day', 'funding_8h', 'oi', 'venues'] as const;
const HOUR_COLUMNS = ['listing_id', 'ts', 'funding_rate', 'open_interest_usd'] as const;

export class DerivativesService {
  /** The stored series change only as venue quotes are written (every few seconds): they are re-read at most that often. */
  private readonly stored = new AnswerCache<Buffer>(SERIES_KEPT, every(SERIES_FRESH_MS));
  /** The same daily series as objects, shared: the website's instrument page reads them on every view (callers must not change them). */
  private readonly days = new AnswerCache<DerivativesDay[]>(SERIES_KEPT, every(SERIES_FRESH_MS));

  constructor(
    private readonly db: Db,
    private readonly state: MarketState,
  ) {}

  /** The answer's bytes: a head built for this answer, the stored series as kept, the closing braces. */
  async json(symbol: string, request: DerivativesRequest, caller?: Caller): Promise<RawJson> {
    const s = this.state;
    const i = s.require(symbol);
    // Days are whole: a `from` inside a day starts the daily series at that day.
    const fromDay = request.fromMs - (request.fromMs % DAY_MS);
    const perVenueFrom = request.perVenue ? request.fromMs : null;
    // Shared by concurrent requests: a read stops only once every request waiting for it has left.
    const series = await this.stored.get(
      `${i} ${fromDay} ${perVenueFrom}`,
      async (c) => {
        const perps = this.perpetuals(i);
        const daily = dailyJson(await this.readDaily(perps, fromDay, c));
        const hourly = perVenueFrom === null ? '' : `,"perVenue":[${perVenueJson(perps, await this.readHourly(perps, perVenueFrom, c))}]`;
        return Buffer.from(`"daily":[${daily}]${hourly}`);
      },
      caller,
    );
    const now = s.derivativesNow(i);
    const head =
      `{"data":{"instrument":${JSON.stringify(instrumentRef(s.instruments[i]!))},"from":"${new Date(request.fromMs).toISOString()}",` +
      `"current":{"fundingRate8h":${jsonNumber(now.fundingRate8h ?? NaN)},"openInterestUsd":${jsonNumber(now.openInterestUsd ?? NaN)},"venues":${now.venues}},`;
    return new RawJson([Buffer.from(head), series, CLOSE]);
  }

  /** The same as objects. */
  async get(symbol: string, request: DerivativesRequest, caller?: Caller): Promise<Derivatives> {
    const i = this.state.require(symbol);
    const fromDay = request.fromMs - (request.fromMs % DAY_MS);
    const perps = this.perpetuals(i);
    const daily = await this.days.get(`${i} ${fromDay}`, async (reader) => {
      const { length, columns: c } = await this.readDaily(perps, fromDay, reader);
      const out: DerivativesDay[] = [];
      for (let k = 0; k < length; k++) {
        out.push({ date: isoDate(c.day[k]!), fundingRate8h: finite(c.funding_8h[k]!), openInterestUsd: finite(c.oi[k]!), venues: c.venues[k]! });
      }
      return out;
    }, caller);
    const answer: Derivatives = {
      instrument: instrumentRef(this.state.instruments[i]!),
      from: new Date(request.fromMs).toISOString(),
      current: this.state.derivativesNow(i),
      daily,
    };
    if (request.perVenue) answer.perVenue = perVenueObjects(perps, await this.readHourly(perps, request.fromMs, caller));
    return answer;
  }

  private perpetuals(i: number): ListingRow[] {
    const s = this.state;
    return s.listings.slice(s.offsets[i]!, s.offsets[i + 1]!).filter((l) => l.fundingIntervalHours);
  }

  private readDaily(perps: ListingRow[], fromDay: number, caller?: Caller): Promise<Columns<(typeof DAY_COLUMNS)[number]>> {
    return this.db.columns('derivativesDaily', { ids: perps.map((l) => l.id), from: new Date(fromDay) }, DAY_COLUMNS, caller);
  }

  private readHourly(perps: ListingRow[], fromMs: number, caller?: Caller): Promise<Columns<(typeof HOUR_COLUMNS)[number]>> {
    return this.db.columns('derivativesHourly', { ids: perps.map((l) => l.id), from: new Date(fromMs) }, HOUR_COLUMNS, caller);
  }
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dailyJson({ length, columns: c }: Columns<(typeof DAY_COLUMNS)[number]>): string {
  const days: string[] = [];
  for (let k = 0; k < length; k++) {
    days.push(`{"date":"${isoDate(c.day[k]!)}","fundingRate8h":${jsonNumber(c.funding_8h[k]!)},"openInterestUsd":${jsonNumber(c.oi[k]!)},"venues":${c.venues[k]!}}`);
  }
  return days.join(',');
}

/** Each listing's hours, in the order of `perps`, built by `hour` from row k and the listing's funding periods per 8 hours. */
function byListing<T>(perps: ListingRow[], { length, columns: c }: Columns<(typeof HOUR_COLUMNS)[number]>, hour: (k: number, per8h: number) => T): Map<number, T[]> {
  const series = new Map(perps.map((l) => [l.id, [] as T[]]));
  const per8h = new Map(perps.map((l) => [l.id, 8 / l.fundingIntervalHours!]));
  for (let k = 0; k < length; k++) series.get(c.listing_id[k]!)!.push(hour(k, per8h.get(c.listing_id[k]!)!));
  return series;
}

function perVenueJson(perps: ListingRow[], hours: Columns<(typeof HOUR_COLUMNS)[number]>): string {
  const c = hours.columns;
  const series = byListing(perps, hours, (k, per8h) => {
    const rate = c.funding_rate[k]!;
    return `{"ts":"${new Date(c.ts[k]!).toISOString()}","fundingRate":${jsonNumber(rate)},"fundingRate8h":${jsonNumber(rate * per8h)},"openInterestUsd":${jsonNumber(c.open_interest_usd[k]!)}}`;
  });
  return perps
    .map((l) => `{"listingId":${l.id},"venue":${JSON.stringify(l.venue)},"fundingIntervalHours":${l.fundingIntervalHours},"hourly":[${series.get(l.id)!.join(',')}]}`)
    .join(',');
}

function perVenueObjects(perps: ListingRow[], hours: Columns<(typeof HOUR_COLUMNS)[number]>): VenueDerivatives[] {
  const c = hours.columns;
  const series = byListing(perps, hours, (k, per8h): DerivativesHour => {
    const rate = c.funding_rate[k]!;
    return { ts: new Date(c.ts[k]!).toISOString(), fundingRate: finite(rate), fundingRate8h: finite(rate * per8h), openInterestUsd: finite(c.open_interest_usd[k]!) };
  });
  return perps.map((l) => ({ listingId: l.id, venue: l.venue, fundingIntervalHours: l.fundingIntervalHours!, hourly: series.get(l.id)! }));
}
