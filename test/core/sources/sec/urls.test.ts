// Where a filing is on EDGAR: its primary document, its index page, an ownership form's raw XML, the company's pages, on
// sec.gov or another site.
import t from 'tap';
import {
  companyFactsUrl,
  companyFilingsUrl,
  filingIndexUrl,
  filingUrl,
  ownershipXmlUrl,
} from '../../../../core/sources/sec/urls.js';

t.test('a filing on EDGAR: CIK without zeros, accession without dashes', async (t) => {
  t.equal(
    filingUrl('0000320193', '0000320193-25-000079', 'aapl-20250927.htm'),
    'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
  );
  t.equal(
    filingIndexUrl('0000320193', '0000320193-25-000079'),
    'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/0000320193-25-000079-index.htm',
  );
});

t.test("an ownership form's raw XML sits beside the rendering EDGAR lists as primary document", async (t) => {
  t.equal(
    ownershipXmlUrl('0000320193', '0001059235-26-000004', 'xslF345X05/wk-form4_1772148856.xml'),
    'https://www.sec.gov/Archives/edgar/data/320193/000105923526000004/wk-form4_1772148856.xml',
  );
  t.equal(
    ownershipXmlUrl('0000320193', '0001059235-26-000004', 'form4.xml'),
    'https://www.sec.gov/Archives/edgar/data/320193/000105923526000004/form4.xml',
  );
});

t.test("on another site (a mirror, the demo's own): the same paths on its hosts", async (t) => {
  const site = { url: 'https://edgar.sec.example', dataUrl: 'https://data.sec.example' };
  t.equal(
    filingUrl('0000320193', '0000320193-25-000079', 'aapl-20250927.htm', site),
    'https://edgar.sec.example/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
  );
  t.equal(
    ownershipXmlUrl('0000320193', '0001059235-26-000004', 'xslF345X05/form4.xml', site),
    'https://edgar.sec.example/Archives/edgar/data/320193/000105923526000004/form4.xml',
  );
  t.equal(
    companyFilingsUrl('0000320193', site, '4'),
    'https://edgar.sec.example/cgi-bin/browse-edgar?action=getcompany&CIK=0000320193&type=4&owner=include',
  );
  t.equal(companyFactsUrl('0000320193', site), 'https://data.sec.example/api/xbrl/companyfacts/CIK0000320193.json');
  t.equal(
    companyFactsUrl('0000320193'),
    'https://data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json',
    'sec.gov unless told',
  );
});
