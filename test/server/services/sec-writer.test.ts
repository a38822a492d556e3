// EDGAR documents into the embedded database through the SEC source's parser and writer: a submissions file adds its
// company and its filings (8-K, 10-Q, 10-K with a story each, linked), companyfacts its facts, an ownership form its
// trades under the issuer; importing the same documents again writes nothing; a malformed document is reported by
// name and leaves nothing behind.

import { rmSync } from 'node:fs';
import { pino } from 'pino';
import t from 'tap';
import { fixture, readRealdata, realdataSkip } from '../../../harness/realdata.js';
import { blankDataDir } from '../../../harness/server.js';
import { DataVersion } from '../../../server/data-version.js';
import { openDatabase } from '../../../server/db.js';
import { importSecDocuments, type SecDocumentReport } from '../../../server/feeds/sec/documents.js';
import { ImportService } from '../../../server/services/write/imports.js';

const dataDir = await blankDataDir();
const db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, pino({ level: 'silent' }));
await db.migrate();
t.teardown(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const versions = {
  stories: new DataVersion(),
  entities: new DataVersion(),
  macro: new DataVersion(),
  odds: new DataVersion(),
  sec: new DataVersion(),
};
const imports = new ImportService(db, versions);
const written = (r: SecDocumentReport) =>
  'counts' in r ? Object.values(r.counts).reduce((n, c) => n + c.written, 0) : -1;

const widgets = [
  { name: 'CIK0000999001.json', text: fixture('sec/submissions-widgets.json') },
  { name: 'companyfacts/CIK0000999001.json', text: fixture('sec/companyfacts-widgets.json') },
  { name: '0001209191-25-000123.xml', text: fixture('sec/form4-amendment.xml') },
];

t.test(
  'own fixtures: the company is added, its filings and their stories, facts and trades; a second import writes nothing',
  async (t) => {
    const first = await importSecDocuments(imports, widgets);
    t.same(
      first.map((r) => 'error' in r),
      [false, false, false],
      'every document read',
    );
    const [company] = await db.rows<{ slug: string; tickers: string[]; fiscal_year_end_month: number }>(
      'companiesOfCiks',
      { ciks: ['0000999001'] },
    );
    t.equal(company?.slug, 'example-widgets', 'the filer is a covered company, named without its legal form');
    const filings = await db.rows<{ form: string; eventId: number | null; sourceUrl: string }>('companyFilings', {
      cik: '0000999001',
      forms: null,
      limit: 10,
      offset: 0,
    });
    t.same(
      filings.map((f) => f.form),
      ['10-Q', '8-K', '4/A', '10-K'],
      'newest first; the malformed accession is skipped',
    );
    t.ok(
      filings.filter((f) => f.form !== '4/A').every((f) => f.eventId !== null),
      '10-Q, 8-K and 10-K each have a story',
    );
    t.equal(filings.find((f) => f.form === '4/A')!.eventId, null, 'an ownership form tells no story of its own');
    t.equal(
      filings[0]!.sourceUrl,
      'https://www.sec.gov/Archives/edgar/data/999001/000099900126000001/widg-20251227.htm',
    );
    const story = await db.rows<{ kind: string }>('filingOfEvent', { id: filings[1]!.eventId });
    t.equal(story.length, 1);
    const facts = await db.rows<{ concept: string }>('companyFactSeries', { cik: '0000999001' });
    t.ok(facts.length > 0, 'facts stored');
    const trades = await db.rows<{ code: string; issuerCik: string }>('insiderTrades', {
      issuer: '0000999001',
      person: null,
      since: null,
      codes: null,
      limit: 50,
      offset: 0,
    });
    t.ok(trades.length > 0 && trades.every((tr) => tr.issuerCik === '0000999001'), 'trades belong to the issuer');

    const again = await importSecDocuments(imports, widgets);
    t.same(again.map(written), [0, 0, 0], 'nothing written the second time');
  },
);

t.test('a malformed document is reported by name and the others go on', async (t) => {
  const reports = await importSecDocuments(imports, [
    { name: 'broken.json', text: '{"cik": "0000999001", "facts": ' },
    { name: 'CIK0000999001.json', text: fixture('sec/submissions-widgets.json') },
  ]);
  t.match(reports[0], { name: 'broken.json', error: /JSON/i });
  t.notOk('error' in reports[1]!, 'the next document is read');
});

t.test(
  'real files: Apple adds itself with its filings and facts; Berkshire and Buffett buy Lennar nine times',
  { skip: realdataSkip('sec_edgar') },
  async (t) => {
    const reports = await importSecDocuments(imports, [
      { name: 'CIK0000320193.json', text: readRealdata('sec_edgar/submissions/CIK0000320193.json') },
      { name: 'CIK0000320193.json', text: readRealdata('sec_edgar/companyfacts/CIK0000320193.json') },
      {
        name: 'berkshire-buffett_LEN_2026-09-23_form4.xml',
        text: readRealdata('sec_edgar/form4/berkshire-buffett_LEN_2026-09-23_form4.xml'),
      },
    ]);
    t.same(
      reports.map((r) => ('error' in r ? r.error : null)),
      [null, null, null],
    );
    const [apple] = await db.rows<{ slug: string }>('companiesOfCiks', { ciks: ['0000320193'] });
    t.equal(apple?.slug, 'apple');
    const tenK = await db.rows<{ form: string }>('companyFilings', {
      cik: '0000320193',
      forms: ['10-K'],
      limit: 200,
      offset: 0,
    });
    t.ok(tenK.length >= 10, `${tenK.length} annual reports`);
    const buys = await db.rows<{ price: number; personName: string; issuerTicker: string }>('insiderTrades', {
      issuer: null,
      person: null,
      since: null,
      codes: ['P'],
      limit: 50,
      offset: 0,
    });
    const lennar = buys.filter((b) => b.issuerTicker === 'LEN');
    t.equal(lennar.length, 9, 'nine open-market purchases');
    t.ok(
      lennar.every((b) => b.price > 0),
      'each with its price',
    );
    const again = await importSecDocuments(imports, [
      { name: 'CIK0000320193.json', text: readRealdata('sec_edgar/companyfacts/CIK0000320193.json') },
    ]);
    t.equal(written(again[0]!), 0, 'the companyfacts file again writes nothing');
  },
);
