// The latest-filings Atom feed: one entry per filing and role, 8-K items, malformed entries skipped.
import t from 'tap';
import { parseLatestFilings } from '../../../../core/sources/sec/latest-filings.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';

t.test('entries with their accession, form, filer, role, items and index page', async (t) => {
  const { filings, skipped } = parseLatestFilings(readFixture('sec/latest-filings.atom.xml'));
  t.same(filings[0], {
    accession: '0000999001-25-000007',
    form: '8-K',
    companyName: 'Example Widgets Inc.',
    cik: '0000999001',
    role: 'Filer',
    filingDate: '2025-11-03',
    updatedAt: Date.parse('2025-11-03T21:30:12Z'),
    indexUrl: 'https://www.sec.gov/Archives/edgar/data/999001/000099900125000007/0000999001-25-000007-index.htm',
    items: ['2.02', '9.01'],
  });
  t.match(filings[1], { form: '4', companyName: 'Doe Jane - Trust & Co', role: 'Reporting', items: [] });
  t.same(skipped, [
    { item: 'entry[2]', reason: 'title: expected "FORM - NAME (CIK) (ROLE)"' },
    { item: 'entry[3]', reason: 'summary: expected a date YYYY-MM-DD after Filed:' },
  ]);
});

t.test('what is not the feed is refused', async (t) => {
  t.throws(() => parseLatestFilings('<feed><entry></feed>'), { message: /^not XML: <\/feed> closes <entry>/ });
  t.throws(() => parseLatestFilings('<rss version="2.0"/>'), {
    message: 'not an Atom feed: the root element is <rss>',
  });
});

t.test('the real feeds: a hundred entries each', { skip: realdataSkip('sec_edgar/feeds') }, async (t) => {
  const all = parseLatestFilings(readRealdata('sec_edgar/feeds/getcurrent_all_count100_start0.atom.xml'));
  t.equal(all.filings.length, 100);
  t.same(all.skipped, []);
  t.match(all.filings[0], {
    form: '13F-HR',
    companyName: 'Ryan Investment Management, Inc.',
    cik: '0002074440',
    accession: '0002074440-26-000002',
    role: 'Filer',
  });
  t.match(
    all.filings.find((f) => f.form === '8-K'),
    { companyName: 'Biohaven Ltd.', items: ['7.01', '9.01'] },
  );
  const issuerAndOwner = all.filings
    .filter((f) => f.accession === '0000080661-26-000032')
    .map((f) => `${f.companyName} (${f.role})`);
  t.same(issuerAndOwner, ['DAVIS CHARLES A (Reporting)', 'PROGRESSIVE CORP/OH/ (Issuer)'], 'one filing, once per role');
  const form4 = parseLatestFilings(readRealdata('sec_edgar/feeds/getcurrent_type4_count100_start0.atom.xml'));
  t.equal(form4.filings.length, 100);
  t.ok(form4.filings.every((f) => f.form === '4'));
});
