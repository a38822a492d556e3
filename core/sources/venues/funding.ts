// Funding is compared per 8 hours (the design's rule): a venue paying hourly has its rate counted 8 times. Records
// keep the venue's own rate and interval; this is the one place the normalization is written.
import { HOUR_MS } from '../../time.js';

/** `rate`, paid every `intervalHours`, as the rate of 8 hours; NaN when either is unknown. */
export function fundingPer8h(rate: number, intervalHours: number): number {
  return intervalHours > 0 ? (rate * 8) / intervalHours : NaN;
}

/** The whole hours between two funding times (a venue's current and next funding time), NaN when not a whole positive number. */
export function fundingIntervalHours(fundingTimeMs: number, nextFundingTimeMs: number): number {
  const hours = (nextFundingTimeMs - fundingTimeMs) / HOUR_MS;
  const whole = Math.round(hours);
  return whole >= 1 && Math.abs(hours - whole) < 0.01 ? whole : NaN;
}
