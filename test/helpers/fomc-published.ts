// The FOMC's decision days as the Federal Reserve publishes them (federalreserve.gov/monetarypolicy/fomccalendars.htm:
// the second day of each scheduled meeting), written out apart from core/calendar/fomc.ts, which the tests check.
export const FOMC_PUBLISHED: readonly string[] = [
  ...['2024-01-31', '2024-03-20', '2024-05-01', '2024-06-12', '2024-07-31', '2024-09-18', '2024-11-07', '2024-12-18'],
  ...['2025-01-29', '2025-03-19', '2025-05-07', '2025-06-18', '2025-07-30', '2025-09-17', '2025-10-29', '2025-12-10'],
  ...['2026-01-28', '2026-03-18', '2026-04-29', '2026-06-17', '2026-07-29', '2026-09-16', '2026-10-28', '2026-12-09'],
  ...['2027-01-27', '2027-03-17', '2027-04-28', '2027-06-09', '2027-07-28', '2027-09-22', '2027-10-27', '2027-12-08'],
];

/** The published decision days of `year`. */
export const fomcPublishedIn = (year: number) => FOMC_PUBLISHED.filter((d) => d.startsWith(`${year}-`));
