// Insider trades: a trade is the issuer's, a 4/A replaces the transactions of the form it amends (not when it only
// amends holdings), and the open-market summary counts purchases and sales only.
import t from 'tap';
import { openMarketSummary } from '../../../core/insiders/open-market-summary.js';
import { insiderTrades, type OwnershipFiling } from '../../../core/insiders/trades.js';
import { parseOwnership } from '../../../core/sources/sec/ownership.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../harness/realdata.js';

const amendmentXml = readFixture('sec/form4-amendment.xml');
// The form the fixture's 4/A amends: filed 2025-11-05 with a wrong price for the first sale.
const originalXml = amendmentXml
  .replace('<documentType>4/A</documentType>', '<documentType>4</documentType>')
  .replace('<dateOfOriginalSubmission>2025-11-05</dateOfOriginalSubmission>', '')
  .replace('<value>52.10</value>', '<value>25.21</value>');
const holdingsOnlyXml = amendmentXml.replace(/<nonDerivativeTransaction>[\s\S]*<\/nonDerivativeTransaction>/, '');

const filing = (accession: string, filingDate: string, xml: string): OwnershipFiling => ({
  accession,
  filingDate,
  document: parseOwnership(xml),
});
const original = filing('0000999101-25-000001', '2025-11-05', originalXml);
const amendment = filing('0000999101-25-000002', '2025-11-07', amendmentXml);
const holdingsOnly = filing('0000999101-25-000003', '2025-11-10', holdingsOnlyXml);

t.test('a 4/A replaces the transactions of the form it amends', async (t) => {
  const trades = insiderTrades([amendment, original]);
  t.same(
    trades.map((x) => [x.accession, x.date, x.price, x.amends]),
    [
      ['0000999101-25-000002', '2025-11-04', 51.5, '0000999101-25-000001'],
      ['0000999101-25-000002', '2025-11-03', 52.1, '0000999101-25-000001'],
    ],
  );
  t.match(trades[1], {
    form: '4/A',
    code: 'S',
    shares: 1200,
    value: 1200 * 52.1,
    plan: 'footnote',
    issuer: { ticker: 'WIDG' },
  });
  t.same(
    trades[1]!.owners.map((o) => o.roles),
    [['Chief Financial Officer']],
  );
});

t.test('a 4/A that amends only holdings leaves the original transactions in place', async (t) => {
  const trades = insiderTrades([original, holdingsOnly]);
  t.same(
    trades.map((x) => [x.accession, x.price, x.amends]),
    [
      ['0000999101-25-000001', 51.5, null],
      ['0000999101-25-000001', 25.21, null],
    ],
  );
  t.same(
    insiderTrades([original, amendment, holdingsOnly]).map((x) => x.accession),
    ['0000999101-25-000002', '0000999101-25-000002'],
    'the transactions of the last amendment that has any',
  );
});

t.test(
  'an amendment whose original is not known stands on its own; one of another owner or issuer amends nothing',
  async (t) => {
    t.same(
      insiderTrades([amendment]).map((x) => x.amends),
      [null, null],
    );
    const otherOwner = filing(
      '0000999101-25-000009',
      '2025-11-05',
      originalXml.replace('<rptOwnerCik>0000999101</rptOwnerCik>', '<rptOwnerCik>0000999199</rptOwnerCik>'),
    );
    t.equal(insiderTrades([otherOwner, amendment]).length, 4, "another owner's form is not the one amended");
  },
);

t.test('open-market summary: purchases and sales only, with shares, value and distinct insiders', async (t) => {
  const awards = filing(
    '0000999101-25-000010',
    '2025-11-20',
    amendmentXml
      .replace('<documentType>4/A</documentType>', '<documentType>4</documentType>')
      .replace(/<transactionCode>S<\/transactionCode>/g, '<transactionCode>A</transactionCode>'),
  );
  const summary = openMarketSummary(insiderTrades([original, amendment, awards]));
  t.same(summary, {
    buys: { count: 0, shares: 0, value: 0, insiders: 0 },
    sells: { count: 2, shares: 2000, value: 1200 * 52.1 + 800 * 51.5, insiders: 1 },
  });
});

t.test(
  "Berkshire's purchases of Lennar: nine trades of Lennar, reported jointly by two owners",
  { skip: realdataSkip('sec_edgar/form4') },
  async (t) => {
    const lennar = filing(
      '0001193125-26-000001',
      '2026-09-25',
      readRealdata('sec_edgar/form4/berkshire-buffett_LEN_2026-09-23_form4.xml'),
    );
    const trades = insiderTrades([lennar]);
    t.equal(trades.length, 9);
    t.ok(
      trades.every((x) => x.issuer.cik === '0000920760' && x.issuer.ticker === 'LEN'),
      "every trade is Lennar's, not Berkshire's (CIK 0001067983)",
    );
    t.same(
      trades[0]!.owners.map((o) => [o.name, o.roles]),
      [
        ['BERKSHIRE HATHAWAY INC', ['10% owner']],
        ['BUFFETT WARREN E', ['10% owner']],
      ],
    );
    t.same(
      trades.map((x) => x.date),
      [...trades.map((x) => x.date)].sort().reverse(),
      'newest first',
    );
    const summary = openMarketSummary(trades);
    t.match(summary.buys, {
      count: 9,
      shares: 532993 + 399238 + 241692 + 313379 + 171723 + 1263 + 9415 + 2975 + 7022,
      insiders: 2,
    });
    const value =
      532993 * 81.65 +
      399238 * 80.58 +
      241692 * 81.44 +
      313379 * 80.9 +
      171723 * 81.6 +
      1263 * 79.99 +
      9415 * 79.42 +
      2975 * 79.91 +
      7022 * 79.53;
    t.ok(Math.abs(summary.buys.value - value) < 1e-6, `value ${summary.buys.value}`);
    t.same(summary.sells, { count: 0, shares: 0, value: 0, insiders: 0 });
  },
);
