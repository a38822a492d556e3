// The price files' CSV splitter on what a hostile or unusual file holds. It does not read quoted fields (no source
// of price files quotes a comma or a newline: bench/parsers.ts), so a quoted comma or newline leaves a cell with a
// stray quote, which no price or volume reads: the row is skipped with its reason, never read shifted.
import t from 'tap';
import { csvRows } from '../../../../core/sources/history/csv.js';
import { stooqHistory } from '../../../../core/sources/history/stooq.js';

const HEADER = 'Date,Open,High,Low,Close,Volume\n';

t.test('a BOM, CRLF, blank lines, spaces and quoted cells', async (t) => {
  t.same(csvRows('\uFEFF"Date", "Close"\r\n\r\n2020-01-02 , 1.5\r\n   \n2020-01-03,"1.6"\r\n'), [
    ['Date', 'Close'],
    ['2020-01-02', '1.5'],
    ['2020-01-03', '1.6'],
  ]);
  t.same(csvRows(''), []);
  t.same(csvRows('\uFEFF'), []);
});

t.test(
  'a quoted comma or newline is cut where it stands, and the row it breaks is skipped with its reason',
  async (t) => {
    t.same(csvRows('a,"1,000"\n'), [['a', '"1', '000"']]);
    const comma = stooqHistory(
      `${HEADER}2020-01-02,1,2,0.5,1.5,"1,000"\n2020-01-03,1,2,0.5,1.5,900\n`,
      'aapl_us_d.csv',
    );
    t.same([comma.bars.length, comma.bars.volumeBase[0], comma.bars.skipped.length], [1, 900, 1]);
    t.match(comma.bars.skipped[0]!.reason, /volume/);
    const openComma = stooqHistory(
      `${HEADER}2020-01-02,"1,5",2,0.5,1.5,10\n2020-01-03,1,2,0.5,1.5,900\n`,
      'aapl_us_d.csv',
    );
    t.same(
      [openComma.bars.length, openComma.bars.close[0], openComma.bars.skipped.length],
      [1, 1.5, 1],
      'a shifted row is not read',
    );
    const newline = stooqHistory(
      `${HEADER}2020-01-02,1,2,0.5,"1\n5",10\n2020-01-03,1,2,0.5,1.5,900\n`,
      'aapl_us_d.csv',
    );
    t.same([newline.bars.length, newline.bars.skipped.length], [1, 2], 'both halves of the broken row skipped');
  },
);

t.test('a 1 MB cell is read in one pass and refused as a number', async (t) => {
  const rows = csvRows(`${HEADER}2020-01-02,1,2,0.5,1.5,${'9'.repeat(1 << 20)}\n`);
  t.equal(rows[1]![5]!.length, 1 << 20);
});
