// The numbers the demo's release stories report, kept beside their stories: the macro series are built from them, so
// a story and the series it is about say the same thing.

/** The series whose releases the story reports, by slug (core/macro/catalog.ts). */
export type PrintedSeries = 'us-cpi' | 'us-payrolls' | 'us-jobless-claims';

export interface MacroPrint {
  series: PrintedSeries;
  /**
   * The period reported: the first day of the month (CPI, payrolls) or the Saturday ending the week (claims), as the
   * epoch ms of its UTC midnight.
   */
  period: number;
  /** CPI: the change from the month before, in percent; payrolls: jobs added, in thousands; claims: in thousands. */
  value: number;
  /** What economists expected, in the same units. */
  expected: number;
  /** When the release is published. */
  releasedAt: number;
}
