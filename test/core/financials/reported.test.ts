// Which reported value counts for a period: the latest filed, flagged as restated when it differs from the first;
// a coarser rounding of the same figure is neither a restatement nor preferred over the precise one.
import t from 'tap';
import { parseDay } from '../../../core/days.js';
import { reportedPeriods, sameFigure } from '../../../core/financials/reported.js';
import { findSeries, parseCompanyFacts } from '../../../core/sources/sec/companyfacts.js';
import { readRealdata, realdataSkip } from '../../../harness/realdata.js';
import { companyFactsOf } from '../../helpers/companyfacts.js';

t.test('one figure written at two precisions is the same figure; a change is not', async (t) => {
  t.ok(sameFigure(90_678_000_000, 90_700_000_000), '$90,678M and $90.7B');
  t.ok(sameFigure(-277_298_000, -277_300_000));
  t.ok(sameFigure(1.64, 1.64));
  t.notOk(sameFigure(1.64, 1.6), 'EPS of 1.6 against 1.64 is a change (two significant digits)');
  t.notOk(sameFigure(1_000_000, 1_400_000), 'a round number is no rounding of another');
  t.notOk(sameFigure(32_479_000_000, 37_491_000_000));
  t.notOk(sameFigure(90_678_000_000, 90_800_000_000));
});

t.test('latest filed wins and says restated; the first value is kept when later ones only round it', async (t) => {
  const row = (val: number, accn: string, filed: string, form = '10-K') => ({
    concept: 'us-gaap:Revenues',
    start: '2024-01-01',
    end: '2024-12-31',
    val,
    accn,
    filed,
    form,
  });
  const cf = companyFactsOf([
    row(460_000_000, '0000999002-25-000001', '2025-02-01'),
    row(465_000_000, '0000999002-25-000009', '2025-05-01', '10-K/A'),
    row(465_000_000, '0000999002-26-000001', '2026-02-01'),
  ]);
  t.match(reportedPeriods(cf, cf.series[0]!), [
    {
      start: parseDay('2024-01-01'),
      figure: {
        value: 465_000_000,
        restated: true,
        accessions: ['0000999002-26-000001'],
        concepts: ['us-gaap:Revenues'],
      },
    },
  ]);
  const rounded = companyFactsOf([
    row(90_678_000_000, '0000999002-25-000001', '2025-02-01'),
    row(90_700_000_000, '0000999002-25-000005', '2025-04-30', '10-Q'),
  ]);
  t.match(reportedPeriods(rounded, rounded.series[0]!), [
    { figure: { value: 90_678_000_000, restated: false, accessions: ['0000999002-25-000001'] } },
  ]);
});

t.test('real restatements and roundings', { skip: realdataSkip('sec_edgar/companyfacts') }, async (t) => {
  const periodOf = (file: string, concept: string, start: string | null, end: string) => {
    const cf = parseCompanyFacts(readRealdata(`sec_edgar/companyfacts/${file}`));
    return reportedPeriods(cf, findSeries(cf, 'us-gaap', concept)!).find(
      (p) => p.start === (start && parseDay(start)) && p.end === parseDay(end),
    );
  };
  // Apple's 10-K/A of 2010-01-25 restated fiscal 2008 for its change in revenue recognition: 32,479M -> 37,491M.
  t.match(periodOf('CIK0000320193.json', 'SalesRevenueNet', '2007-09-30', '2008-09-27'), {
    figure: { value: 37_491_000_000, restated: true },
  });
  // Apple's term debt at 2025-09-27: 90,678M in the 10-K, written 90.7B in the next 10-Q's note.
  t.match(periodOf('CIK0000320193.json', 'LongTermDebt', null, '2025-09-27'), {
    figure: { value: 90_678_000_000, restated: false, accessions: ['0000320193-25-000079'] },
  });
  // Alphabet recast 2018 operating income in its 2019 10-K: 26,321M -> 27,524M.
  t.match(periodOf('CIK0001652044.json', 'OperatingIncomeLoss', '2018-01-01', '2018-12-31'), {
    figure: { value: 27_524_000_000, restated: true },
  });
  // Marvell moved from thousands to hundred-thousands: 832,279,000 then 832,300,000 is one figure.
  t.match(
    periodOf('CIK0001835632.json', 'RevenueFromContractWithCustomerExcludingAssessedTax', '2021-01-31', '2021-05-01'),
    { figure: { value: 832_279_000, restated: false } },
  );
});
