// companyfacts JSON into columns: every fact with its fields, interned strings, malformed facts skipped with reasons.
import t from 'tap';
import { parseDay } from '../../../../core/days.js';
import { factRecord, findSeries, NO_DAY, parseCompanyFacts } from '../../../../core/sources/sec/companyfacts.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';

t.test('the fixture: series per concept and unit, each fact with all its fields', async (t) => {
  const cf = parseCompanyFacts(readFixture('sec/companyfacts-widgets.json'));
  t.equal(cf.cik, '0000999001');
  t.equal(cf.entityName, 'Example Widgets Inc.');
  const revenue = findSeries(cf, 'us-gaap', 'Revenues')!;
  t.match(revenue, { taxonomy: 'us-gaap', concept: 'Revenues', label: 'Revenues', unit: 'USD' });
  t.same(factRecord(cf, revenue.from), {
    start: parseDay('2023-10-01'),
    end: parseDay('2023-12-30'),
    value: 100_000_000,
    filed: parseDay('2024-02-01'),
    fiscalYear: 2024,
    fiscalPeriod: 'Q1',
    form: '10-Q',
    accession: '0000999001-24-000001',
    frame: null,
  });
  const cover = findSeries(cf, 'dei', 'EntityCommonStockSharesOutstanding', 'shares')!;
  t.equal(cf.facts.start[cover.from], NO_DAY, 'an instant has no start');
  t.equal(findSeries(cf, 'us-gaap', 'EarningsPerShareDiluted')?.unit, 'USD/shares');
  t.ok(cf.strings.length < 60, `${cf.strings.length} distinct strings for ${cf.facts.end.length} facts`);
  t.same(cf.skipped, [
    { item: 'facts.us-gaap.Revenues.units.USD[28]', reason: 'end: expected a date YYYY-MM-DD' },
    { item: 'facts.us-gaap.Revenues.units.USD[29]', reason: 'val: expected a number' },
    { item: 'facts.us-gaap.BrokenConcept', reason: 'expected {"units": {...}}' },
  ]);
});

t.test('each field of a fact is checked', async (t) => {
  const fact = {
    start: '2024-01-01',
    end: '2024-03-31',
    val: 5,
    accn: '0000999002-24-000001',
    fy: 2024,
    fp: 'Q1',
    form: '10-Q',
    filed: '2024-04-30',
    frame: 'CY2024Q1',
  };
  const cases: [Record<string, unknown>, string][] = [
    [{ start: '2024-04-01' }, 'start: after end'],
    [{ start: '2024-1-1' }, 'start: expected a date YYYY-MM-DD'],
    [{ val: null }, 'val: expected a number'],
    [{ accn: '0000999002-24-1' }, 'accn: expected an accession number'],
    [{ filed: undefined }, 'filed: expected a date YYYY-MM-DD'],
    [{ form: '' }, 'form: expected a form type'],
    [{ fy: 24 }, 'fy: expected a year or null'],
    [{ fp: 'QUARTER' }, 'fp: expected a fiscal period (FY, Q1...) or null'],
    [{ frame: 12 }, 'frame: expected a frame (CY2024Q1...) or nothing'],
  ];
  const doc = (facts: unknown[]) =>
    JSON.stringify({
      cik: 999002,
      entityName: 'Test Co',
      facts: { 'us-gaap': { Revenues: { units: { USD: facts } } } },
    });
  const cf = parseCompanyFacts(doc([fact, ...cases.map(([change]) => ({ ...fact, ...change })), 'not a fact']));
  t.equal(cf.facts.end.length, 1);
  t.same(
    cf.skipped.map((s) => s.reason),
    [...cases.map(([, reason]) => reason), 'is not an object'],
  );
  t.same(
    parseCompanyFacts(doc([{ ...fact, fy: null, fp: null, frame: undefined }])).skipped,
    [],
    'fy, fp and frame may be absent',
  );
});

t.test('a document that is not companyfacts is refused whole', async (t) => {
  t.throws(() => parseCompanyFacts('{"cik": 1, "entityName": "X", "facts": '), { name: 'Error', message: /^not JSON/ });
  t.throws(() => parseCompanyFacts('[]'), { message: /not a companyfacts document/ });
  t.throws(() => parseCompanyFacts('{"cik": 0, "entityName": "X", "facts": {}}'), { message: 'cik: expected a CIK' });
  t.throws(() => parseCompanyFacts('{"cik": 1, "entityName": " ", "facts": {}}'), {
    message: 'entityName: expected a non-empty string',
  });
});

t.test('the real files: every fact read, none skipped', { skip: realdataSkip('sec_edgar/companyfacts') }, async (t) => {
  const expected: [string, string, number][] = [
    ['CIK0000320193.json', 'Apple Inc.', 24579],
    ['CIK0001652044.json', 'ALPHABET INC.', 20324],
    ['CIK0001835632.json', 'MARVELL TECHNOLOGY, INC', 8053],
  ];
  for (const [file, name, facts] of expected) {
    const cf = parseCompanyFacts(readRealdata(`sec_edgar/companyfacts/${file}`));
    t.equal(cf.entityName, name);
    t.equal(cf.facts.end.length, facts, `${file}: ${facts} facts`);
    t.same(cf.skipped, []);
  }
  const apple = parseCompanyFacts(readRealdata('sec_edgar/companyfacts/CIK0000320193.json'));
  const revenue = findSeries(apple, 'us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax')!;
  t.same(factRecord(apple, revenue.to - 1), {
    start: parseDay('2025-09-28'),
    end: parseDay('2025-12-27'),
    value: 143_756_000_000,
    filed: parseDay('2026-01-30'),
    fiscalYear: 2026,
    fiscalPeriod: 'Q1',
    form: '10-Q',
    accession: '0000320193-26-000006',
    frame: 'CY2025Q4',
  });
});
