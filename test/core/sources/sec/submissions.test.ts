// submissions JSON: the company, its recent filings, its older-filings pages (a format of their own), EDGAR URLs.
import t from 'tap';
import { parseSubmissions, parseSubmissionsPage } from '../../../../core/sources/sec/submissions.js';
import { filingUrl } from '../../../../core/sources/sec/urls.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';

t.test('the company and its filings; a malformed row is skipped', async (t) => {
  const s = parseSubmissions(readFixture('sec/submissions-widgets.json'));
  t.same(s.company, {
    cik: '0000999001',
    name: 'Example Widgets Inc.',
    tickers: ['WIDG', 'WIDG-P'],
    exchanges: ['Nasdaq', null],
    sic: '3571',
    sicDescription: 'Electronic Computers',
    fiscalYearEnd: '0927',
    stateOfIncorporation: 'DE',
    entityType: 'operating',
    category: 'Large accelerated filer',
    ein: '123456789',
    formerNames: [{ name: 'WIDGETS CORP', from: '2001-03-01', to: '2019-08-05' }],
  });
  t.same(
    s.filings.map((f) => [f.accession, f.form, f.filingDate, f.reportDate]),
    [
      ['0000999001-26-000001', '10-Q', '2026-01-30', '2025-12-27'],
      ['0000999001-26-000002', '8-K', '2026-01-29', '2026-01-29'],
      ['0001209191-25-000123', '4/A', '2025-11-07', '2025-11-03'],
      ['0000999001-25-000005', '10-K', '2025-10-31', '2025-09-27'],
    ],
  );
  t.same(s.skipped, [{ item: 'filings.recent[4]', reason: 'accessionNumber: expected an accession number' }]);
  t.match(s.filings[1], {
    items: ['2.02', '9.01'],
    size: 345678,
    isXBRL: true,
    isInlineXBRL: true,
    primaryDocument: 'widg-20260129.htm',
    act: '34',
    fileNumber: '001-99999',
  });
  t.match(s.filings[2], {
    items: [],
    isXBRL: false,
    act: null,
    primaryDocument: 'xslF345X05/wk-form4a_1762557493.xml',
  });
  t.same(s.olderPages, [
    { name: 'CIK0000999001-submissions-001.json', filingCount: 2, filingFrom: '1994-01-26', filingTo: '2015-03-11' },
  ]);
});

t.test("acceptance times are EDGAR's Eastern wall clock, whatever the Z says", async (t) => {
  const [tenQ, eightK, late] = parseSubmissions(readFixture('sec/submissions-widgets.json')).filings;
  t.equal(new Date(tenQ!.acceptedAt!).toISOString(), '2026-01-30T11:01:32.000Z', '06:01 EST is 11:01 UTC');
  t.equal(new Date(eightK!.acceptedAt!).toISOString(), '2026-01-29T21:30:33.000Z');
  t.equal(
    new Date(late!.acceptedAt!).toISOString(),
    '2025-11-08T02:18:13.000Z',
    'after the 17:30 cut-off: dated the next day',
  );
});

t.test('an older-filings page', async (t) => {
  const page = parseSubmissionsPage(readFixture('sec/submissions-widgets-page.json'));
  t.same(
    page.filings.map((f) => [f.accession, f.form, f.reportDate, new Date(f.acceptedAt!).toISOString()]),
    [
      ['0000999001-15-000010', '10-Q', '2014-12-27', '2015-03-11T21:02:11.000Z'],
      ['0000999001-94-000001', '10-K', null, '1994-01-26T05:00:00.000Z'],
    ],
  );
  t.throws(() => parseSubmissionsPage('{"accessionNumber": ["0000999001-15-000010"], "form": []}'), {
    message: 'page.form: expected a list of 1 entries, one per accession number',
  });
  t.throws(() => parseSubmissionsPage('{"filings": {}}'), { message: /not a submissions page/ });
  t.throws(() => parseSubmissions('{"cik": "1", "name": "X"}'), { message: /not a submissions document/ });
  t.throws(() => parseSubmissions('{"cik": "x", "name": "X", "filings": {"recent": {"accessionNumber": []}}}'), {
    message: 'cik: expected a CIK',
  });
});

t.test(
  'the real files, the Tesla page its main file lists included',
  { skip: realdataSkip('sec_edgar/submissions') },
  async (t) => {
    const expected: [string, string, string, string | null, number][] = [
      ['CIK0000320193.json', 'Apple Inc.', 'AAPL', '0926', 1005],
      ['CIK0000789019.json', 'MICROSOFT CORP', 'MSFT', '0630', 1006],
      ['CIK0001318605.json', 'Tesla, Inc.', 'TSLA', '1231', 1000],
      ['CIK0001835632.json', 'Marvell Technology, Inc.', 'MRVL', '0130', 787],
    ];
    for (const [file, name, ticker, fye, count] of expected) {
      const s = parseSubmissions(readRealdata(`sec_edgar/submissions/${file}`));
      t.match(s.company, { name, tickers: [ticker], fiscalYearEnd: fye });
      t.equal(s.filings.length, count, `${file}: ${count} filings`);
      t.same(s.skipped, []);
    }
    const tesla = parseSubmissions(readRealdata('sec_edgar/submissions/CIK0001318605.json'));
    t.same(
      tesla.olderPages.map((p) => p.name),
      ['CIK0001318605-submissions-001.json'],
    );
    const older = parseSubmissionsPage(readRealdata(`sec_edgar/submissions/${tesla.olderPages[0]!.name}`));
    t.equal(older.filings.length, tesla.olderPages[0]!.filingCount, 'the page holds the count the main file announces');
    t.same([older.filings.at(-1)!.filingDate, older.filings[0]!.filingDate], ['2005-02-17', '2018-02-12']);
    const apple = parseSubmissions(readRealdata('sec_edgar/submissions/CIK0000320193.json'));
    const tenK = apple.filings.find((f) => f.accession === '0000320193-25-000079')!;
    t.equal(
      filingUrl(apple.company.cik, tenK.accession, tenK.primaryDocument!),
      'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    );
  },
);
