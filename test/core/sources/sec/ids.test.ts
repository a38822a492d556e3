// CIKs and accession numbers as EDGAR writes them.
import t from 'tap';
import { accessionFromDigits, isAccession, padCik, unpaddedCik } from '../../../../core/sources/sec/ids.js';

t.test('CIKs are padded to ten digits, and unpadded for archive paths', async (t) => {
  t.equal(padCik(320193), '0000320193');
  t.equal(padCik('0000320193'), '0000320193');
  t.equal(padCik(' 1750 '), '0000001750');
  for (const bad of [0, -1, 1.5, 12345678901, '', '0000000000', 'CIK320193', '12345678901'])
    t.equal(padCik(bad), null, JSON.stringify(bad));
  t.equal(unpaddedCik('0000320193'), '320193');
});

t.test('accession numbers, with dashes or as a folder name', async (t) => {
  t.ok(isAccession('0000320193-25-000079'));
  t.notOk(isAccession('000032019325000079'));
  t.notOk(isAccession('0000320193-25-79'));
  t.equal(accessionFromDigits('000032019325000079'), '0000320193-25-000079');
  t.equal(accessionFromDigits('0000320193-25-000079'), null);
});
