// The demo's monthly series. The CPI holds each month's change its release story reports, and payrolls the jobs each
// story reports as first printed (then revised at the next two reports, as the real ones are); the rest follow from
// them: core CPI and PCE prices near the CPI's pace, unemployment leaning against the payroll surprises, and retail
// sales, the money stock and the effective policy rate on their own schedules.
import { DAY_MS } from '../../time.js';
import { upperInForce } from '../policy.js';
import { MONTHLY } from './calendar.js';
import { byAmount, byPercent, chainedSeries, type Estimate } from './chain.js';
import { type MacroInputs, months, round, seriesRandom } from './inputs.js';
import { VintageBook } from './vintages.js';

/** Where the effective rate trades below the top of the target range, in percentage points. */
const EFFECTIVE_BELOW_UPPER = 0.17;

export function monthlySeries(x: MacroInputs): Map<string, VintageBook> {
  const out = new Map<string, VintageBook>();
  const released = (release: (m: number) => number) => months(x.firstMonthMs, (m) => release(m) < x.anchorMs);
  const cpiAt = (m: number) => x.prints.get('us-cpi')?.get(m)?.releasedAt ?? MONTHLY.cpi(m);
  const jobsAt = (m: number) => x.prints.get('us-payrolls')?.get(m)?.releasedAt ?? MONTHLY.payrolls(m);

  // Prices: the CPI's changes are the story's (drawn before it), the others follow them.
  const cpiMonths = released(cpiAt);
  const rng = seriesRandom(x.seed, 'CPIAUCSL');
  const cpi = cpiMonths.map((m) => x.prints.get('us-cpi')?.get(m)?.value ?? round(0.1 + rng.int(4) * 0.1, 1));
  const coreRng = seriesRandom(x.seed, 'CPILFESL');
  const core = cpi.map((c) => Math.min(0.5, Math.max(0.1, round(c + (coreRng.int(3) - 1) * 0.1, 1))));
  out.set('CPIAUCSL', once(cpiMonths, cpi, cpiAt, 300, byPercent, 3, x.anchorMs));
  out.set('CPILFESL', once(cpiMonths, core, cpiAt, 308, byPercent, 3, x.anchorMs));
  const pceMonths = released(MONTHLY.pce);
  const pceRng = seriesRandom(x.seed, 'PCEPI');
  const corePceRng = seriesRandom(x.seed, 'PCEPILFE');
  const pce = pceMonths.map((_, k) => (cpi[k] ?? 0.2) * 0.85 + pceRng.normal() * 0.03);
  const corePce = pceMonths.map((_, k) => (core[k] ?? 0.2) * 0.85 + corePceRng.normal() * 0.03);
  out.set('PCEPI', revisedOnce(pceMonths, pce, MONTHLY.pce, 0.02, 122, byPercent, 3, x, 'PCEPI revisions'));
  out.set('PCEPILFE', revisedOnce(pceMonths, corePce, MONTHLY.pce, 0.02, 121.5, byPercent, 3, x, 'PCEPILFE revisions'));

  // Jobs: each month's first print is the story's, revised at the next two reports.
  const jobMonths = months(x.firstMonthMs, (m) => jobsAt(m) < x.anchorMs);
  const jobsRng = seriesRandom(x.seed, 'PAYEMS');
  const estimates: Estimate[] = [];
  jobMonths.forEach((m, k) => {
    const first = x.prints.get('us-payrolls')?.get(m)?.value ?? 150 + jobsRng.int(100);
    const second = first + Math.round(jobsRng.normal() * 30);
    const third = second + Math.round(jobsRng.normal() * 15);
    estimates.push({ period: k, at: jobsAt(m), change: first });
    if (jobMonths[k + 1] !== undefined) estimates.push({ period: k, at: jobsAt(jobMonths[k + 1]!), change: second });
    if (jobMonths[k + 2] !== undefined) estimates.push({ period: k, at: jobsAt(jobMonths[k + 2]!), change: third });
  });
  out.set('PAYEMS', chainedSeries(jobMonths, estimates, 157_000, byAmount, 0, x.anchorMs));
  out.set('UNRATE', unemployment(jobMonths, jobsAt, x));

  const retailMonths = released(MONTHLY.retail);
  const retailRng = seriesRandom(x.seed, 'RSXFS');
  out.set(
    'RSXFS',
    revisedOnce(
      retailMonths,
      retailMonths.map(() => 0.3 + retailRng.normal() * 0.6),
      MONTHLY.retail,
      0.2,
      560_000,
      byPercent,
      0,
      x,
      'RSXFS revisions',
    ),
  );
  const moneyMonths = released(MONTHLY.money);
  const moneyRng = seriesRandom(x.seed, 'M2SL');
  out.set(
    'M2SL',
    once(
      moneyMonths,
      moneyMonths.map(() => 0.3 + moneyRng.normal() * 0.2),
      MONTHLY.money,
      20_900,
      byPercent,
      1,
      x.anchorMs,
    ),
  );
  out.set('FEDFUNDS', effectiveRate(x));
  return out;
}

/** A chained series printed once per period, never revised. */
function once(
  periods: number[],
  changes: number[],
  at: (m: number) => number,
  base: number,
  step: typeof byPercent,
  decimals: number,
  untilMs: number,
): VintageBook {
  return chainedSeries(
    periods,
    periods.map((m, k) => ({ period: k, at: at(m), change: changes[k]! })),
    base,
    step,
    decimals,
    untilMs,
  );
}

/** A chained series whose each change is revised once, by about `sd`, at the next period's release (drawn from `stream`). */
function revisedOnce(
  periods: number[],
  changes: number[],
  at: (m: number) => number,
  sd: number,
  base: number,
  step: typeof byPercent,
  decimals: number,
  x: MacroInputs,
  stream: string,
): VintageBook {
  const rng = seriesRandom(x.seed, stream);
  const estimates = periods.flatMap((m, k): Estimate[] => {
    const first = { period: k, at: at(m), change: changes[k]! };
    const next = periods[k + 1];
    return next === undefined ? [first] : [first, { period: k, at: at(next), change: changes[k]! + rng.normal() * sd }];
  });
  return chainedSeries(periods, estimates, base, step, decimals, x.anchorMs);
}

/** The unemployment rate, out with the jobs report: it leans down after payrolls above forecast and up after a miss. */
function unemployment(jobMonths: number[], jobsAt: (m: number) => number, x: MacroInputs): VintageBook {
  const rng = seriesRandom(x.seed, 'UNRATE');
  const book = new VintageBook(1);
  let rate = 3.7;
  for (const m of jobMonths) {
    const print = x.prints.get('us-payrolls')?.get(m);
    const surprise = print ? print.value - print.expected : 0;
    const u = rng.next();
    const step =
      surprise > 50 ? (u < 0.6 ? -0.1 : 0) : surprise < -50 ? (u < 0.6 ? 0.1 : 0) : u < 0.2 ? -0.1 : u < 0.72 ? 0 : 0.1;
    rate = Math.min(4.9, Math.max(3.4, round(rate + step, 1)));
    book.publish(m, rate, jobsAt(m) - (jobsAt(m) % DAY_MS));
  }
  return book;
}

/** The effective federal funds rate: each month's average of its days, under the top of the target range then in force. */
function effectiveRate(x: MacroInputs): VintageBook {
  const book = new VintageBook(2);
  for (const m of months(x.startMs, (m) => MONTHLY.averageRate(m) < x.anchorMs)) {
    const end = new Date(m);
    const next = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 1);
    let sum = 0;
    for (let d = m; d < next; d += DAY_MS) sum += upperInForce(x.policy, d) - EFFECTIVE_BELOW_UPPER;
    const at = MONTHLY.averageRate(m);
    book.publish(m, sum / ((next - m) / DAY_MS), at - (at % DAY_MS));
  }
  return book;
}
