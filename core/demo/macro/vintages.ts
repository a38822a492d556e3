// The vintages of a demo series as they are published: each release adds the values it prints or revises, each from
// the day of that release; a value printed again unchanged is no new vintage. Read out as FRED's ALFRED observations,
// each value with the realtime range it was the answer in (realtime_end 9999-12-31 while it still is).
import { DAY_MS } from '../../time.js';

/** One observation of FRED's observations JSON, as the API sends it: every field a string, "." for a missing value. */
export interface FredObservation {
  realtime_start: string;
  realtime_end: string;
  date: string;
  value: string;
}

const STILL_CURRENT = '9999-12-31';
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class VintageBook {
  /** Per date: its vintages, oldest first. */
  private readonly dates = new Map<number, { start: number; value: number | null }[]>();

  constructor(
    /** Decimals a value is published with. */
    private readonly decimals: number,
  ) {}

  /** `value` of `date` published on `day` (UTC midnights); a value equal to the one current is no new vintage. */
  publish(date: number, value: number | null, day: number): void {
    const rounded = value === null ? null : Number(value.toFixed(this.decimals));
    const vintages = this.dates.get(date) ?? [];
    const last = vintages.at(-1);
    if (last && last.value === rounded) return;
    if (last && last.start >= day)
      throw new Error(
        `a vintage of ${isoDay(date)} published on ${isoDay(day)}, not after the one of ${isoDay(last.start)}`,
      );
    vintages.push({ start: day, value: rounded });
    this.dates.set(date, vintages);
  }

  /** The value current for `date`, or undefined when none was published. */
  current(date: number): number | null | undefined {
    return this.dates.get(date)?.at(-1)?.value;
  }

  /** Every vintage by date then realtime start, as FRED answers output_type=1 (all observations by vintage). */
  observations(): FredObservation[] {
    const out: FredObservation[] = [];
    for (const date of [...this.dates.keys()].sort((a, b) => a - b)) {
      const vintages = this.dates.get(date)!;
      vintages.forEach((v, k) => {
        const next = vintages[k + 1];
        out.push({
          realtime_start: isoDay(v.start),
          realtime_end: next ? isoDay(next.start - DAY_MS) : STILL_CURRENT,
          date: isoDay(date),
          value: v.value === null ? '.' : v.value.toFixed(this.decimals),
        });
      });
    }
    return out;
  }
}
