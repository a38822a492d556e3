// Numbers in prose: compact dollars at every scale, prices to the cent or to four significant digits, signs on changes.
import t from 'tap';
import {
  amount,
  compact,
  decimals,
  grouped,
  pct,
  perShare,
  price,
  signedPct,
  usdCompact,
  usdShort,
} from '../../core/figures.js';

t.test('compact dollars', async (t) => {
  t.equal(usdCompact(3_456_789_012_345), '$3.46T');
  t.equal(usdCompact(1_234_567_890), '$1.23B');
  t.equal(usdCompact(456_700_000), '$456.7M');
  t.equal(usdCompact(12_345), '$12.3K');
  t.equal(usdCompact(999.5), '$999.50');
  t.equal(usdCompact(0), '$0', 'nothing traded');
  t.equal(usdCompact(-2_500_000_000), '-$2.50B', 'a loss has its sign before the dollar');
  t.equal(compact(15_204_137_000), '15.20B', 'a share count');
  t.equal(compact(512), '512');
});

t.test("a page's dollars: one decimal of their scale", async (t) => {
  t.equal(usdShort(391_035_000_000), '$391.0B');
  t.equal(usdShort(5_954_421_160_622), '$6.0T');
  t.equal(usdShort(456_740_000), '$456.7M');
  t.equal(usdShort(12_345), '$12.3K');
  t.equal(usdShort(999.5), '$999.50');
  t.equal(usdShort(0), '$0');
  t.equal(usdShort(-2_540_000_000), '-$2.5B');
});

t.test('prices in their currency', async (t) => {
  t.equal(price(97_123.456, 'USD'), '$97,123.46');
  t.equal(price(1.23, 'USD'), '$1.23');
  t.equal(price(0.0000123456, 'USD'), '$0.00001235');
  t.equal(price(0.512, 'USD'), '$0.5120');
  t.equal(price(4.3, 'PCT'), '4.30%');
  t.equal(price(145.2, 'JPY'), '145.20 JPY');
  t.equal(price(-37.63, 'USD'), '-$37.63');
  t.equal(amount(0), '0.00');
  t.equal(perShare(0.215), '$0.22', 'per share, to the cent');
  t.equal(perShare(-1.5), '-$1.50');
  t.equal(perShare(1234.5), '$1,234.50');
});

t.test('percentages and grouped values', async (t) => {
  t.equal(signedPct(1.25), '+1.25%');
  t.equal(signedPct(-0.4), '-0.40%');
  t.equal(signedPct(-0.001), '+0.00%', 'no minus on a change that rounds to nothing');
  t.equal(signedPct(62.5, 1), '+62.5%');
  t.equal(pct(46.2), '46.20%');
  t.equal(grouped(1234567.891), '1,234,567.891');
  t.equal(grouped(300), '300');
  t.equal(decimals(1234.5678, 2), '1,234.57');
  t.equal(decimals(0.5, 0, 3), '0.5');
  t.equal(decimals(-0.000123, 4), '-0.0001');
});
