// History files through `tapewire import <format> <files>`: into a database of their own (the instrument added,
// idempotent, bad rows reported), then served as candles by a server started on it, and imported again while it runs:
// new days and an instrument it did not know served at once, an official close priced and labelled as one.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { REALDATA, realdataSkip } from '../../../harness/realdata.js';
import { blankDataDir, importFiles, startServer, tempDataDir } from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

const STOOQ = 'test/fixtures/history/stooq';
const AAPL = join(REALDATA, 'equities_daily/stooq/aapl_us_d.csv');

interface CandleAnswer {
  data: {
    instrument: { key: string };
    interval: string;
    count: number;
    candles: { ts: string; open: number; close: number; volumeUsd: number | null }[];
  };
}

t.test('history import, then candles served from it', async (t) => {
  const dataDir = await blankDataDir();
  const cli = (...args: string[]) => importFiles(dataDir, ...args);

  // One run of the command (each opens the embedded database itself, slow on a busy machine): a file refused whole
  // does not stop the others.
  const real = realdataSkip('equities_daily/stooq');
  const first = await cli(
    'stooq',
    `${STOOQ}/xyz_us_d.csv`,
    'test/fixtures/history/okx/BTC-USDT_1H.json',
    ...(real ? [] : [AAPL]),
    '--create',
  );
  t.equal(first.code, 1, 'exit status 1: a file was not imported');
  t.equal(
    first.stdout.split('\n').slice(0, 3).join('\n'),
    [
      `${STOOQ}/xyz_us_d.csv: 1d bars of XYZ (stooq): read 5, written 5, already stored 0; added instrument XYZ; skipped 2 rows`,
      '  rows[3]: high 101 and low 99.8 do not bound open 101.2 and close 100.4',
      '  rows[4]: low: expected a price above 0, got "0"',
    ].join('\n'),
  );
  t.match(
    first.stdout,
    /BTC-USDT_1H\.json: not imported: the header has no open, high, low, close column/,
    'a file not in the format is refused whole',
  );
  if (!real)
    t.match(
      first.stdout,
      /aapl_us_d\.csv: 1d bars of AAPL \(stooq\): read \d{5}, written \d{5}, already stored 0; added instrument AAPL\n/,
    );

  const server = await startServer({ dataDir, env: { ...CLOCK, TAPEWIRE_ANON: '1' } });
  t.teardown(() => server.dispose());
  const candles = async (path: string): Promise<CandleAnswer['data']> => {
    const res = await server.get(path);
    t.equal(res.status, 200, path);
    return ((await res.json()) as CandleAnswer).data;
  };

  const xyz = await candles('/v1/instruments/xyz/candles?interval=1d');
  t.equal(xyz.instrument.key, 'XYZ');
  t.same(
    xyz.candles.map((c) => [c.ts.slice(0, 10), c.close]),
    [
      ['2026-01-02', 102.8],
      ['2026-01-05', 103.9],
      ['2026-01-06', 101.2],
      ['2026-01-08', 101.6],
      ['2026-01-09', 102.2],
    ],
    "the file's valid days, oldest first; of two rows for one day the valid one",
  );
  t.equal(xyz.candles[0]!.volumeUsd, 1520300 * 102.8, 'shares x close: the exchange gives no dollar volume');

  if (!real) {
    const aapl = await candles('/v1/instruments/AAPL/candles?interval=1d&limit=20000');
    t.ok(aapl.count > 10_000, `decades of daily closes (${aapl.count})`);
    t.equal(aapl.candles[0]!.ts, '1984-09-07T00:00:00.000Z');
    const window = await candles('/v1/instruments/AAPL/candles?interval=1d&from=2020-03-16&to=2020-03-18');
    t.same(
      window.candles.map((c) => c.ts.slice(0, 10)),
      ['2020-03-16', '2020-03-17', '2020-03-18'],
      'the days asked for, `to` a whole day',
    );
  } else t.comment(real);

  // While the server runs, the import goes through it, and its candles show the new days at once; a file imported
  // again writes nothing.
  const later = await cli('stooq', `${STOOQ}/xyz_us_d.csv`, `${STOOQ}/xyz-later.csv`, '--symbol', 'xyz');
  t.equal(later.code, 0, later.stderr);
  t.match(later.stdout, /xyz_us_d\.csv: 1d bars of XYZ \(stooq\): read 5, written 0, already stored 5; skipped 2 rows/);
  t.match(
    later.stdout,
    /xyz-later\.csv: 1d bars of XYZ \(stooq\): read 2, written 2, already stored 0; skipped 1 row\n {2}rows\[2\]: a second bar at 2026-01-13/,
  );
  t.notMatch(later.stderr, /no server owns/, 'the running server wrote them');
  const after = await candles('/v1/instruments/XYZ/candles?interval=1d');
  t.same(
    after.candles.slice(-3).map((c) => [c.ts.slice(0, 10), c.close]),
    [
      ['2026-01-09', 102.2],
      ['2026-01-12', 102.9],
      ['2026-01-13', 103.8],
    ],
  );
  // No venue quotes XYZ: its price is its latest official close, labelled so, and moves with the import.
  const xyzNow = (await (await server.get('/v1/instruments/XYZ')).json()) as {
    data: { price: number; changePct: number; priceTs: string; priceLabel: string };
  };
  t.same(
    [xyzNow.data.price, xyzNow.data.changePct, xyzNow.data.priceTs, xyzNow.data.priceLabel],
    [103.8, ((103.8 - 102.9) / 102.9) * 100, '2026-01-13T00:00:00.000Z', 'XYZ · official close (Stooq)'],
  );

  // An instrument the running server did not know is served by it at once.
  const added = await cli('okx-candles', 'test/fixtures/history/okx/BTC-USDT_1H.json');
  t.equal(added.code, 0, added.stderr);
  t.match(
    added.stdout,
    /1h bars of BTC \(okx\): read 2, written 2, already stored 0; added instrument BTC; skipped 1 row\n/,
  );
  t.notMatch(added.stdout, /next start/, 'no restart needed, none said');
  const btc = await candles('/v1/instruments/BTC/candles?interval=1h&from=2000-01-01');
  t.ok(btc.count > 0, `its hourly candles (${btc.count})`);
  const listed = (await (await server.get('/v1/instruments')).json()) as {
    data: { symbol: string; priceLabel: string }[];
  };
  t.match(
    listed.data.find((i) => i.symbol === 'BTC'),
    { symbol: 'BTC', priceLabel: 'BTC · 24/7 (venues)' },
    'listed, a venue pair labelled as one',
  );
});

t.test("a file's bytes reach the terminal with their control characters escaped", async (t) => {
  const dir = tempDataDir();
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'evil\x1b[2J.csv');
  writeFileSync(
    file,
    'Date,Open,High,Low,Close,Volume\n2020-01-02,1,2,0.5,1.5,100\n2020-01-03,1,2,0.5,1.5,100\n2020-01-06\x1b]0;pwned\x07,1,2,0.5,1.5,100\n',
  );
  const run = await importFiles(join(dir, 'data'), 'stooq', file, '--symbol', 'EVIL', '--create');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what must not be printed.
  t.notMatch(run.stdout + run.stderr, /\x1b|\x07/, 'no escape sequence is printed');
  t.match(run.stdout, /evil\\u001b\[2J\.csv: 1d bars of EVIL/, 'the file name, escaped');
  t.match(run.stdout, /\\u001b\]0;pwned\\u0007/, 'the bad row as it is in the file, escaped');
});
