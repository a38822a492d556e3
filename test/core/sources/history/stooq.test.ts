// Stooq daily files: the download (English and Polish headers) and the bulk format, malformed rows skipped with
// their reasons, weekly and intraday files refused, the official-close label, index tickers mapped to the symbols
// their instruments go by; and the four real files.
import t from 'tap';
import { stooqHistory } from '../../../../core/sources/history/stooq.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { payloadError } from '../../../helpers/venue-frames.js';

const DAY = 86_400_000;

t.test('a download: symbol and currency from the name, closed days are gaps, bad rows skipped', async (t) => {
  const h = stooqHistory(fixture('history/stooq/xyz_us_d.csv'), 'data/xyz_us_d.csv');
  t.same(
    [h.source, h.symbol, h.venueSymbol, h.quoteCurrency, h.interval, h.fileInterval, h.officialLabel],
    ['stooq', 'XYZ', 'XYZ.US', 'USD', '1d', '1d', 'official close (Stooq)'],
  );
  t.same(
    [...h.bars.ts].map((ts) => new Date(ts).toISOString().slice(0, 10)),
    ['2026-01-02', '2026-01-05', '2026-01-06', '2026-01-08', '2026-01-09'],
  );
  t.same(h.bars.skipped, [
    { item: 'rows[3]', reason: 'high 101 and low 99.8 do not bound open 101.2 and close 100.4' },
    { item: 'rows[4]', reason: 'low: expected a price above 0, got "0"' },
  ]);
  t.same(
    [h.bars.volumeBase[0], h.bars.volume[0], h.bars.volumeEstimated],
    [1520300, 1520300 * 102.8, true],
    'shares, and shares at the close',
  );
});

t.test('Polish headers and a BOM; the bulk format with its ticker in each row', async (t) => {
  const pl = stooqHistory(fixture('history/stooq/cdr_pl_d.csv'), 'cdr_pl_d.csv');
  t.same([pl.symbol, pl.quoteCurrency, pl.bars.length, pl.bars.close[2]], ['CDR', 'PLN', 3, 318.8]);
  const bulk = stooqHistory(fixture('history/stooq/spx.txt'), 'whatever.txt');
  t.same(
    [bulk.symbol, bulk.venueSymbol, bulk.quoteCurrency, bulk.bars.length, bulk.bars.ts[0], bulk.bars.skipped],
    ['SPX', '^SPX', null, 3, Date.UTC(2026, 0, 2), []],
    "Stooq's ^SPX is the S&P 500, SPX",
  );
  t.ok(Number.isNaN(bulk.bars.volume[0]), 'an index has no volume');
});

t.test("index tickers by their instruments' symbols, from a file's name too; others as they are", async (t) => {
  const file = (name: string) =>
    stooqHistory('Date,Open,High,Low,Close\n2026-01-02,1,2,0.5,1.5\n2026-01-05,1,2,0.5,1.5', name);
  t.same(
    ['^spx_d.csv', '^ndx_d.csv', '^dji_d.csv', 'googl_us_d.csv', '^ndq_d.csv'].map((n) => [
      file(n).symbol,
      file(n).venueSymbol,
    ]),
    [
      ['SPX', '^SPX'],
      ['NDX', '^NDX'],
      ['DJI', '^DJI'],
      ['GOOGL', 'GOOGL.US'],
      ['^NDQ', '^NDQ'],
    ],
  );
});

t.test('what is refused, whole', async (t) => {
  const row = '2026-01-02,1,2,0.5,1.5,10';
  t.match(
    payloadError(() => stooqHistory(`Date,Open,High,Low,Close,Volume\n${row}`, 'xyz_us_w.csv')),
    /weekly bars: only Stooq's daily files are read/,
  );
  t.match(
    payloadError(() =>
      stooqHistory(
        '<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>\nAAPL.US,5,20260102,153000,1,2,0.5,1.5,10,0',
        'a.txt',
      ),
    ),
    /5-minute bars: .*intraday times are local, not UTC/,
  );
  t.equal(
    payloadError(() => stooqHistory('No data', 'xyz_us_d.csv')),
    'Stooq answered "No data"',
  );
  t.match(
    payloadError(() => stooqHistory(`Date,Open,Close\n${row}`, 'xyz_us_d.csv')),
    /the header has no high, low column/,
  );
  t.match(
    payloadError(() => stooqHistory(row, 'xyz_us_d.csv')),
    /expected a header row/,
  );
  t.match(
    payloadError(() => stooqHistory('Date,Open,High,Low,Close,Volume\n2026-01-02,x,2,0.5,1.5,10', 'xyz_us_d.csv')),
    /no bars could be read \(1 skipped, the first: open: expected a number/,
  );
});

t.test('the real Stooq files', { skip: realdataSkip('') }, async (t) => {
  const expected: Record<string, [string, number, string, string]> = {
    'aapl_us_d.csv': ['AAPL', 10416, '1984-09-07', '2026-01-09'],
    'msft_us_d.csv': ['MSFT', 10030, '1986-03-13', '2026-01-06'],
    'nvda_us_d.csv': ['NVDA', 6783, '1999-01-22', '2026-01-09'],
    'spy_us_d.csv': ['SPY', 2839, '2015-01-02', '2026-04-17'],
  };
  for (const [name, [symbol, rows, first, last]] of Object.entries(expected)) {
    const h = stooqHistory(readRealdata(`equities_daily/stooq/${name}`), name);
    const day = (ts: number) => new Date(ts).toISOString().slice(0, 10);
    t.same(
      [
        h.symbol,
        h.quoteCurrency,
        h.interval,
        h.bars.length,
        h.bars.skipped,
        day(h.bars.ts[0]!),
        day(h.bars.ts[h.bars.length - 1]!),
      ],
      [symbol, 'USD', '1d', rows, [], first, last],
      name,
    );
    t.ok(
      h.bars.ts.every((ts) => ts % DAY === 0),
      `${name}: days open at 00:00 UTC`,
    );
  }
  t.equal(stooqHistory(readRealdata('equities_daily/stooq/aapl_us_d.csv'), 'aapl_us_d.csv').bars.close.at(-1), 259.37);
});
