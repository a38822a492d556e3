// Forms 3, 4 and 5: owners, both tables, footnotes per row, the 10b5-1 plan flag, amendments, and the documents refused.
import t from 'tap';
import { PayloadError } from '../../../../core/sources/records.js';
import { parseOwnership } from '../../../../core/sources/sec/ownership.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { thrownBy } from '../../../helpers/thrown.js';

t.test(
  'a 4/A: its owner, the original it amends, rows with their footnotes and plan evidence, a holding',
  async (t) => {
    const doc = parseOwnership(readFixture('sec/form4-amendment.xml'));
    t.equal(doc.documentType, '4/A');
    t.equal(doc.dateOfOriginalSubmission, '2025-11-05');
    t.same(doc.issuer, { cik: '0000999001', name: 'Example Widgets Inc.', ticker: 'WIDG' });
    t.same(doc.owners, [
      {
        cik: '0000999101',
        name: 'Doe Jane',
        isDirector: false,
        isOfficer: true,
        officerTitle: 'Chief Financial Officer',
        isTenPercentOwner: false,
        isOther: false,
        otherText: null,
      },
    ]);
    t.equal(doc.aff10b5One, false);
    const [first, second] = doc.transactions;
    t.match(first, {
      code: 'S',
      date: '2025-11-03',
      shares: 1200,
      price: 52.1,
      acquiredDisposed: 'D',
      sharesOwnedAfter: 48800,
      directOrIndirect: 'D',
      plan: 'footnote',
    });
    t.match(
      first!.footnotes[0],
      /^Sold under a trading plan adopted on May 2, 2025 pursuant to Rule 10b5-1 under the Securities Exchange Act/,
    );
    t.match(
      second,
      { date: '2025-11-04', directOrIndirect: 'I', natureOfOwnership: 'By Doe Family Trust', plan: null },
      'a date with a zone is read as its date',
    );
    t.equal(second!.footnotes.length, 2, 'footnotes cited in the coding and in the nature of ownership');
    t.match(second!.footnotes[0], /Rule 10b-5;/, 'the anti-fraud rule is cited, which is not a plan');
    t.equal(second!.footnotes[1], "Held by a trust for which the Reporting Person's spouse is trustee & beneficiary.");
    t.same(doc.holdings, [
      {
        table: 'non-derivative',
        securityTitle: 'Common Stock',
        sharesOwnedAfter: 2500,
        directOrIndirect: 'I',
        natureOfOwnership: 'By 401(k) plan',
        derivative: null,
        footnotes: [],
      },
    ]);
    t.equal(doc.remarks, 'This amendment corrects the price reported in the original Form 4.');
    t.same(doc.skipped, []);
  },
);

t.test(
  'a Form 3 without XML declaration: holdings of both tables, a CDATA footnote, an owner who is also "other"',
  async (t) => {
    const doc = parseOwnership(readFixture('sec/form3-holdings.xml'));
    t.equal(doc.documentType, '3');
    t.equal(doc.aff10b5One, null, 'no checkbox element: unknown, not false');
    t.same(doc.transactions, []);
    t.match(doc.owners[0], { isDirector: true, isOther: true, otherText: 'Board observer', isOfficer: false });
    t.equal(doc.holdings.length, 2);
    t.same(doc.holdings[1]!.derivative, {
      exercisePrice: 12.5,
      exerciseDate: null,
      expirationDate: '2034-06-01',
      underlyingTitle: 'Common Stock',
      underlyingShares: 40000,
    });
    t.same(doc.holdings[1]!.footnotes, [
      'Vests in 4 equal annual installments from June 1, 2025 & expires after 10 years.',
    ]);
    t.equal(doc.remarks, null);
  },
);

t.test('a row that cannot be read is skipped with its reason; the checkbox marks the rest as planned', async (t) => {
  const doc = parseOwnership(readFixture('sec/form4-bad-rows.xml'));
  t.equal(doc.issuer.cik, '0000999001', 'an unpadded CIK is padded');
  t.same(
    doc.skipped.map((s) => s.item),
    [
      'reportingOwner[1]',
      'nonDerivativeTable.nonDerivativeTransaction[0]',
      'nonDerivativeTable.nonDerivativeTransaction[1]',
      'nonDerivativeTable.nonDerivativeTransaction[2]',
      'nonDerivativeTable.nonDerivativeTransaction[3]',
    ],
  );
  t.match(
    doc.skipped.map((s) => s.reason),
    [
      /rptOwnerCik/,
      /"Q" is not a Form 4 transaction code/,
      /transactionDate/,
      /"1,000" is not a number/,
      /footnote "F9" is cited but not given/,
    ],
  );
  t.equal(doc.owners.length, 1);
  t.equal(doc.transactions.length, 1);
  t.match(doc.transactions[0], { shares: 250, price: 20.75, plan: 'checkbox', footnotes: ['Weighted average price.'] });
});

t.test('a document that is not a readable Form 3/4/5 is refused whole', async (t) => {
  t.throws(() => parseOwnership(readFixture('sec/form4-truncated.xml')), {
    name: 'Error',
    message: /^not XML: .*is not closed/,
  });
  t.throws(() => parseOwnership(readFixture('sec/form4-unknown-schema.xml')), {
    message: 'schemaVersion "X0710" is not one this reader knows (X0306, X0407, X0508, X0609)',
  });
  t.type(
    thrownBy(() => parseOwnership(readFixture('sec/form4-truncated.xml'))),
    PayloadError,
  );
  const form4 = readFixture('sec/form4-amendment.xml');
  const cases: [string, RegExp][] = [
    [
      form4.replace('<documentType>4/A</documentType>', '<documentType>10-K</documentType>'),
      /documentType "10-K" is not a Form 3, 4 or 5/,
    ],
    [
      form4.replace('<periodOfReport>2025-11-03</periodOfReport>', '<periodOfReport>soon</periodOfReport>'),
      /periodOfReport: "soon" is not a date/,
    ],
    [form4.replace('<issuerCik>0000999001</issuerCik>', ''), /issuer: expected issuerCik and issuerName/],
    [form4.replace(/<reportingOwner>[\s\S]*<\/reportingOwner>/, ''), /at least one reporting owner/],
    [
      form4.replace('<aff10b5One>0</aff10b5One>', '<aff10b5One>maybe</aff10b5One>'),
      /aff10b5One: "maybe" is not 0, 1, true or false/,
    ],
    ['<edgarSubmission><x/></edgarSubmission>', /root element is <edgarSubmission>/],
  ];
  for (const [xml, why] of cases) t.throws(() => parseOwnership(xml), { message: why });
});

t.test(
  'the real forms: every owner and every transaction of each',
  { skip: realdataSkip('sec_edgar/form4') },
  async (t) => {
    const lennar = parseOwnership(readRealdata('sec_edgar/form4/berkshire-buffett_LEN_2026-09-23_form4.xml'));
    t.same(
      lennar.owners.map((o) => [o.cik, o.name, o.isTenPercentOwner]),
      [
        ['0001067983', 'BERKSHIRE HATHAWAY INC', true],
        ['0000315090', 'BUFFETT WARREN E', true],
      ],
    );
    const purchases = lennar.transactions.filter((x) => x.code === 'P');
    t.equal(purchases.length, 9, 'nine open-market purchases');
    t.same(
      purchases.map((x) => [x.securityTitle, x.date, x.shares, x.price]),
      [
        ['Class A Common Stock', '2026-09-23', 532993, 81.65],
        ['Class A Common Stock', '2026-09-24', 399238, 80.58],
        ['Class A Common Stock', '2026-09-24', 241692, 81.44],
        ['Class A Common Stock', '2026-09-25', 313379, 80.9],
        ['Class A Common Stock', '2026-09-25', 171723, 81.6],
        ['Class B Common Stock', '2026-09-23', 1263, 79.99],
        ['Class B Common Stock', '2026-09-24', 9415, 79.42],
        ['Class B Common Stock', '2026-09-24', 2975, 79.91],
        ['Class B Common Stock', '2026-09-25', 7022, 79.53],
      ],
    );
    t.ok(
      purchases.every(
        (x) =>
          x.acquiredDisposed === 'A' &&
          x.directOrIndirect === 'I' &&
          x.natureOfOwnership === 'See footnote' &&
          x.plan === null,
      ),
    );
    t.match(purchases[0]!.footnotes, [
      /weighted average price.*\$81\.3200 to \$82\.0000/,
      /^25,378,134 of the total reported shares/,
    ]);

    const softbank = parseOwnership(readRealdata('sec_edgar/form4/0001493152-25-009612.xml'));
    t.equal(softbank.owners.length, 8, 'eight reporting owners');
    t.equal(softbank.issuer.name, 'Better Home & Finance Holding Co');
    t.same(
      softbank.transactions.map((x) => [
        x.table,
        x.code,
        x.securityTitle,
        x.shares,
        x.price,
        x.acquiredDisposed,
        x.sharesOwnedAfter,
      ]),
      [
        ['non-derivative', 'C', 'Class A Common Stock', 628553, null, 'A', 628553],
        ['derivative', 'C', 'Class B Common Stock', 628553, 0, 'D', 137545],
      ],
    );
    t.same(softbank.transactions[1]!.derivative, {
      exercisePrice: null,
      exerciseDate: null,
      expirationDate: null,
      underlyingTitle: 'Class A Common Stock',
      underlyingShares: 628553,
    });

    const zip = parseOwnership(readRealdata('sec_edgar/form4/0001617553-25-000024.xml'));
    t.same(
      zip.transactions.map((x) => `${x.table === 'derivative' ? 'd' : 'n'}${x.code}${x.shares}`),
      ['nM6250', 'nM13347', 'nM20691', 'nM20444', 'nF33148', 'dM6250', 'dM13347', 'dM20691', 'dM20444'],
    );
    t.match(zip.owners[0], { isOfficer: true, officerTitle: 'President' });

    const draftkings = parseOwnership(readRealdata('sec_edgar/form4/0001104659-25-025206.xml'));
    t.equal(draftkings.aff10b5One, true);
    t.ok(draftkings.transactions.every((x) => x.code === 'S' && x.plan === 'checkbox'));

    const gift = parseOwnership(readRealdata('sec_edgar/form4/snowflake_SNOW_2022-01-31_form5.xml'));
    t.match(gift, { documentType: '5', schemaVersion: 'X0306', aff10b5One: null });
    t.match(gift.transactions, [
      {
        code: 'G',
        shares: 61386,
        price: 0,
        acquiredDisposed: 'D',
        footnotes: [
          'Represents shares that the Reporting Person transferred for no consideration.',
          /^Includes shares to be issued/,
        ],
      },
    ]);
    t.same(
      gift.holdings.map((h) => [h.sharesOwnedAfter, h.natureOfOwnership]),
      [
        [151188, 'Trust'],
        [125737, 'Trust'],
      ],
    );

    const snow = parseOwnership(readRealdata('sec_edgar/form4/snowflake_SNOW_2022-12-13_form4.xml'));
    t.same(snow.transactions.map((x) => x.code).join(''), 'MSSSSSM');
    t.equal(snow.holdings.length, 8);
  },
);
