// The daily form index: rows read by the header's columns and from the row's end, a malformed row skipped.
import t from 'tap';
import { parseFormIndex } from '../../../../core/sources/sec/form-index.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';

t.test('rows of the fixture: forms with spaces, a name filling its column', async (t) => {
  const { entries, skipped } = parseFormIndex(readFixture('sec/form-index.idx'));
  t.same(entries[0], {
    form: '10-K',
    companyName: 'Example Widgets Inc.',
    cik: '0000999001',
    filingDate: '2025-11-03',
    fileName: 'edgar/data/999001/0000999001-25-000006.txt',
    accession: '0000999001-25-000006',
  });
  t.same(
    entries.slice(1).map((e) => [e.form, e.companyName, e.cik]),
    [
      ['4', 'Doe Jane', '0000999101'],
      ['4', 'Example Widgets Inc.', '0000999001'],
      ['SC 13G/A', 'A COMPANY WHOSE NAME FILLS ALL SIXTY CHARACTERS EDGAR ALLOWS', '0000999007'],
    ],
  );
  t.same(skipped, [{ item: 'line 14', reason: 'expected CIK, date filed and file name at the end of the row' }]);
  t.throws(() => parseFormIndex('Form Type   Company Name\n'), { message: /not an EDGAR form index/ });
});

t.test('the real daily index of 2020-03-18', { skip: realdataSkip('sec_edgar/filing_index') }, async (t) => {
  const { entries, skipped } = parseFormIndex(readRealdata('sec_edgar/filing_index/daily-index_form.20200318.idx'));
  t.equal(entries.length, 4084);
  t.same(skipped, []);
  t.same(entries[2], {
    form: '1-A POS',
    companyName: 'Belpointe REIT, Inc.',
    cik: '0001749817',
    filingDate: '2020-03-18',
    fileName: 'edgar/data/1749817/0001010549-20-000033.txt',
    accession: '0001010549-20-000033',
  });
  t.equal(entries.filter((e) => e.form === '10-K/A').length, 2);
  t.equal(
    entries.filter((e) => e.filingDate === '2020-03-18').length,
    3940,
    'the rest are older filings disseminated that day',
  );
  t.ok(entries.every((e) => e.filingDate >= '2019-07-18' && e.filingDate <= '2020-03-18'));
});
