// A venue update merged into its listing's quote, in the units the pool compares: prices, volumes and open interest
// in USD, funding per the listing's own interval. What an update does not carry (NaN) leaves the quote as it was.
import type { VenueQuotes } from '../records.js';
import type { VenueUpdate } from './update.js';

/** What the merge needs to know of a listing beyond its venue's frames. */
export interface ListingUnits {
  /** USD per unit of the listing's quote currency: 1 for USD, the pooled USDT price for USDT; NaN while unknown. */
  usdPerQuote: number;
  /** The listing's funding interval (the sources file's), which its quotes' funding rates are per; null for spot. */
  fundingIntervalHours: number | null;
}

/**
 * Merges `u` into listing `j` of `into`. The quote's time is the venue's, never later than `receivedMs` (a venue's
 * clock running ahead must not keep a quote fresh). Nothing priced in the quote currency is written while its USD
 * value is unknown. Returns whether the price was written.
 */
export function applyUpdate(
  into: VenueQuotes,
  j: number,
  u: VenueUpdate,
  units: ListingUnits,
  receivedMs: number,
): boolean {
  const fx = units.usdPerQuote;
  const priced = u.price > 0 && fx > 0;
  if (priced) {
    into.price[j] = u.price * fx;
    // biome-ignore lint/complexity/useMathMinMax: a venue without a clock gives NaN, and the arrival must win then.
    into.ts[j] = u.ts < receivedMs ? u.ts : receivedMs;
  }
  const lastUsd = into.price[j]!;

  if (u.volume24hUsd >= 0) into.volume24hUsd[j] = u.volume24hUsd;
  else if (u.volume24hQuote >= 0 && fx > 0) into.volume24hUsd[j] = u.volume24hQuote * fx;
  else if (u.volume24hBase >= 0 && lastUsd > 0) into.volume24hUsd[j] = u.volume24hBase * lastUsd;

  const markUsd = u.markPrice > 0 && fx > 0 ? u.markPrice * fx : lastUsd;
  if (u.openInterestUsd >= 0) into.openInterestUsd[j] = u.openInterestUsd;
  else if (u.openInterestQuote >= 0 && fx > 0) into.openInterestUsd[j] = u.openInterestQuote * fx;
  else if (u.openInterestBase >= 0 && markUsd > 0) into.openInterestUsd[j] = u.openInterestBase * markUsd;

  const listingHours = units.fundingIntervalHours;
  if (Number.isFinite(u.fundingRate) && listingHours) {
    // A venue that says its interval differs from the configured one is believed: its rate is restated per the listing's.
    into.fundingRate[j] =
      u.fundingIntervalHours > 0 ? (u.fundingRate * listingHours) / u.fundingIntervalHours : u.fundingRate;
  }
  return priced;
}
