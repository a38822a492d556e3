// The demo's weekly and quarterly series: jobless claims as each weekly story reports them (revised the week after,
// as the real ones are), the Fed's balance sheet running off week by week, and real and nominal GDP, each quarter's
// growth printed three times (advance, second and third estimates).
import { DAY_MS } from '../../time.js';
import { balanceSheetRelease, dayOf, gdpRelease, monthStart } from './calendar.js';
import { byAnnualRate, chainedSeries, type Estimate } from './chain.js';
import { days, type MacroInputs, round, seriesRandom } from './inputs.js';
import { VintageBook } from './vintages.js';

export function periodicSeries(x: MacroInputs): Map<string, VintageBook> {
  const out = new Map<string, VintageBook>();
  out.set('ICSA', claims(x));
  out.set('WALCL', balanceSheet(x));
  const [real, nominal] = gdp(x);
  out.set('GDPC1', real);
  out.set('GDP', nominal);
  return out;
}

/** Initial claims: the story's number in thousands as first printed, revised by a few thousand with the next week's. */
function claims(x: MacroInputs): VintageBook {
  const rng = seriesRandom(x.seed, 'ICSA');
  const book = new VintageBook(0);
  const weeks = [...(x.prints.get('us-jobless-claims')?.values() ?? [])]
    .filter((p) => p.releasedAt < x.anchorMs)
    .sort((a, b) => a.period - b.period);
  weeks.forEach((p, k) => {
    book.publish(p.period, p.value * 1000, dayOf(p.releasedAt));
    const next = weeks[k + 1];
    if (next) book.publish(p.period, (p.value + round(rng.normal() * 2.5, 0)) * 1000, dayOf(next.releasedAt));
  });
  return book;
}

/** Total assets as of each Wednesday, in millions: shrinking by 10 to 25 billion a week as bonds run off. */
function balanceSheet(x: MacroInputs): VintageBook {
  const rng = seriesRandom(x.seed, 'WALCL');
  const book = new VintageBook(0);
  let assets = 7_700_000;
  for (const d of days(x.startMs, x.anchorMs).filter((day) => new Date(day).getUTCDay() === 3)) {
    assets -= 10_000 + rng.int(15_000);
    if (balanceSheetRelease(d) < x.anchorMs) book.publish(d, assets, dayOf(balanceSheetRelease(d)));
  }
  return book;
}

/** The quarter holding the series' first month: GDP's first, and the first on its release calendar. */
export function firstQuarter(firstMonthMs: number): number {
  const first = new Date(firstMonthMs);
  return monthStart(first.getUTCFullYear(), first.getUTCMonth() - (first.getUTCMonth() % 3));
}

/** Real and nominal GDP: growth at an annual rate around 2%, prices around 2.5% on top; each estimate revises the last. */
function gdp(x: MacroInputs): [VintageBook, VintageBook] {
  const rng = seriesRandom(x.seed, 'GDP');
  const quarters: number[] = [];
  for (let q = firstQuarter(x.firstMonthMs); gdpRelease(q, 0) < x.anchorMs; q = nextQuarter(q)) quarters.push(q);
  const real: Estimate[] = [];
  const nominal: Estimate[] = [];
  quarters.forEach((q, k) => {
    let growth = 2.1 + rng.normal() * 0.9;
    let prices = 2.5 + rng.normal() * 0.4;
    for (const estimate of [0, 1, 2] as const) {
      if (estimate > 0) {
        growth += rng.normal() * 0.3;
        prices += rng.normal() * 0.1;
      }
      const at = gdpRelease(q, estimate);
      real.push({ period: k, at, change: growth });
      nominal.push({ period: k, at, change: (1 + growth / 100) * (1 + prices / 100) * 100 - 100 });
    }
  });
  return [
    chainedSeries(quarters, real, 22_800, byAnnualRate, 1, x.anchorMs),
    chainedSeries(quarters, nominal, 28_400, byAnnualRate, 3, x.anchorMs),
  ];
}

function nextQuarter(q: number): number {
  const d = new Date(q + DAY_MS);
  return monthStart(d.getUTCFullYear(), d.getUTCMonth() + 3);
}
