// Every file under ../shared/realdata/sec_edgar/, named here, is told apart and read whole with nothing skipped; a file
// added there without being named here fails the test, so none goes unread. Then what is no EDGAR format.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseSecDocument, type SecDocument } from '../../../../core/sources/sec/index.js';
import { REALDATA, fixture as readFixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';

/** Each real file, the format it is, and how much is in it. */
const FILES: [string, SecDocument['format'], number][] = [
  ['companyfacts/CIK0000320193.json', 'companyfacts', 24579],
  ['companyfacts/CIK0001652044.json', 'companyfacts', 20324],
  ['companyfacts/CIK0001835632.json', 'companyfacts', 8053],
  ['feeds/getcurrent_all_count100_start0.atom.xml', 'latest-filings', 100],
  ['feeds/getcurrent_type4_count100_start0.atom.xml', 'latest-filings', 100],
  ['filing_index/0001213900-24-004875-index.json', 'filing-index', 25],
  ['filing_index/daily-index_form.20200318.idx', 'form-index', 4084],
  ['form4/0001104659-25-025206.xml', 'ownership', 3],
  ['form4/0001127602-25-001055.xml', 'ownership', 1],
  ['form4/0001127602-25-004598.xml', 'ownership', 2],
  ['form4/0001493152-25-009612.xml', 'ownership', 2],
  ['form4/0001562180-25-000280.xml', 'ownership', 2],
  ['form4/0001617553-25-000024.xml', 'ownership', 9],
  ['form4/374water_SCWO_2025-04-30_form4.xml', 'ownership', 2],
  ['form4/berkshire-buffett_LEN_2026-09-23_form4.xml', 'ownership', 9],
  ['form4/snowflake_SNOW_2022-01-31_form5.xml', 'ownership', 3],
  ['form4/snowflake_SNOW_2022-12-13_form4.xml', 'ownership', 15],
  ['reference/company_tickers.json', 'company-tickers', 9610],
  ['submissions/CIK0000320193.json', 'submissions', 1005],
  ['submissions/CIK0000789019.json', 'submissions', 1006],
  ['submissions/CIK0001318605-submissions-001.json', 'submissions-page', 720],
  ['submissions/CIK0001318605.json', 'submissions', 1000],
  ['submissions/CIK0001835632.json', 'submissions', 787],
];

/** How many records a document holds (rows of an ownership form: transactions and holdings), and what it skipped. */
function contents(doc: SecDocument): { records: number; skipped: number } {
  switch (doc.format) {
    case 'companyfacts':
      return { records: doc.companyFacts.facts.end.length, skipped: doc.companyFacts.skipped.length };
    case 'submissions':
      return { records: doc.submissions.filings.length, skipped: doc.submissions.skipped.length };
    case 'ownership':
      return {
        records: doc.ownership.transactions.length + doc.ownership.holdings.length,
        skipped: doc.ownership.skipped.length,
      };
    case 'filing-index':
      return { records: doc.index.documents.length, skipped: doc.index.skipped.length };
    case 'form-index':
      return { records: doc.entries.length, skipped: doc.skipped.length };
    case 'company-tickers':
      return { records: doc.tickers.length, skipped: doc.skipped.length };
    case 'submissions-page':
    case 'latest-filings':
      return { records: doc.filings.length, skipped: doc.skipped.length };
  }
}

t.test('every real EDGAR file parses whole', { skip: realdataSkip('sec_edgar') }, async (t) => {
  const root = join(REALDATA, 'sec_edgar');
  const present = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(root, d.name)).map((f) => `${d.name}/${f}`))
    .sort();
  t.same(present, FILES.map(([path]) => path).sort(), 'the files named here are the files there');
  for (const [path, format, records] of FILES) {
    const doc = parseSecDocument(readRealdata(`sec_edgar/${path}`));
    t.equal(doc.format, format, `${path} is ${format}`);
    t.same(contents(doc), { records, skipped: 0 }, `${path}: ${records} records, none skipped`);
  }
});

t.test('the fixtures are told apart the same way', async (t) => {
  const formats = [
    'companyfacts-widgets.json',
    'submissions-widgets.json',
    'submissions-widgets-page.json',
    'form4-amendment.xml',
    'form3-holdings.xml',
    'latest-filings.atom.xml',
    'form-index.idx',
  ].map((f) => parseSecDocument(readFixture(`sec/${f}`)).format);
  t.same(formats, [
    'companyfacts',
    'submissions',
    'submissions-page',
    'ownership',
    'ownership',
    'latest-filings',
    'form-index',
  ]);
});

t.test('what is no EDGAR format is refused, saying what is read', async (t) => {
  t.throws(() => parseSecDocument('{"data": []}'), { message: /^not an EDGAR JSON document/ });
  t.throws(() => parseSecDocument('[1, 2]'), { message: 'not an EDGAR JSON document: expected an object' });
  t.throws(() => parseSecDocument('<rss version="2.0"><channel/></rss>'), { message: /^not an EDGAR XML document/ });
  t.throws(() => parseSecDocument('Date,Open,High,Low,Close\n'), {
    message: /^not an EDGAR document this source reads/,
  });
  t.throws(() => parseSecDocument('{"facts": {}, "entityName": "X", "cik": 1'), { message: /^not JSON/ });
  t.throws(() => parseSecDocument(readFixture('sec/form4-truncated.xml')), { message: /^not XML/ });
});
