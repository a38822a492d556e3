// company_tickers.json: ticker to zero-padded CIK, a malformed row skipped.
import t from 'tap';
import { parseCompanyTickers } from '../../../../core/sources/sec/company-tickers.js';
import { readRealdata, realdataSkip } from '../../../../harness/realdata.js';

t.test('rows, padded CIKs, share-class tickers, malformed rows skipped', async (t) => {
  const { tickers, skipped } = parseCompanyTickers(
    JSON.stringify({
      0: { cik_str: 999001, ticker: 'WIDG', title: 'Example Widgets Inc.' },
      1: { cik_str: 999001, ticker: 'widg-p', title: 'Example Widgets Inc.' },
      2: { cik_str: 'abc', ticker: 'BAD', title: 'Bad Cik' },
      3: { cik_str: 999003, ticker: 'WITH SPACE', title: 'Bad Ticker' },
    }),
  );
  t.same(tickers, [
    { ticker: 'WIDG', cik: '0000999001', title: 'Example Widgets Inc.' },
    { ticker: 'WIDG-P', cik: '0000999001', title: 'Example Widgets Inc.' },
  ]);
  t.same(skipped, [
    { item: '2', reason: 'cik_str: expected a CIK' },
    { item: '3', reason: 'ticker: expected a ticker' },
  ]);
  t.throws(() => parseCompanyTickers('{"fields": ["cik", "name"]}'), { message: /not company_tickers.json/ });
});

t.test('the real file', { skip: realdataSkip('sec_edgar/reference') }, async (t) => {
  const { tickers, skipped } = parseCompanyTickers(readRealdata('sec_edgar/reference/company_tickers.json'));
  t.equal(tickers.length, 9610);
  t.same(skipped, []);
  t.same(tickers.slice(0, 2), [
    { ticker: 'MSFT', cik: '0000789019', title: 'MICROSOFT CORP' },
    { ticker: 'AAPL', cik: '0000320193', title: 'Apple Inc.' },
  ]);
  t.same(
    tickers.find((x) => x.ticker === 'BRK-B'),
    { ticker: 'BRK-B', cik: '0001067983', title: 'BERKSHIRE HATHAWAY INC' },
  );
});
