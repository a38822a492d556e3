// The live demo market carries on the recorded world: from the last recorded prices, in any instrument order, the
// same structure (ETFs on their index, news through the indices), and an instrument the model does not know kept as is.
import t from 'tap';
import { LiveMarket } from '../../../core/demo/live-market.js';
import { demoWorld } from '../../../core/demo/world.js';

const SEED = 20261121;
const ANCHOR = Date.UTC(2026, 10, 21, 15, 42, 17);
const world = demoWorld(SEED, ANCHOR);
const symbols = [...world.histories.keys()].reverse().concat('ZZZ');
const last = Float64Array.from(symbols, (s) => world.histories.get(s)?.minute.close.at(-1) ?? 42);
const at = (market: LiveMarket, symbol: string) => market.price[symbols.indexOf(symbol)]!;

t.test('it starts at the last recorded prices and moves on a second at a time', async (t) => {
  const market = new LiveMarket(world.path.model, symbols, last, ANCHOR, SEED);
  t.ok(
    symbols.every((_, k) => Math.abs(market.price[k]! / last[k]! - 1) < 1e-9),
    'at the recorded prices',
  );
  for (let s = 1; s <= 600; s++) market.step(ANCHOR + s * 1000, 1);
  t.ok(
    symbols.every((_, k) => Math.abs(Math.log(market.price[k]! / last[k]!)) < 0.05),
    'ten minutes later, near them',
  );
  t.ok(
    symbols.some((_, k) => market.price[k] !== last[k]),
    'and moving',
  );
  t.equal(at(market, 'ZZZ'), 42, 'an instrument it does not know keeps its price');
  const ratio = (m: LiveMarket) => at(m, 'SPY') / at(m, 'SPX');
  t.ok(
    Math.abs(ratio(market) / (last[symbols.indexOf('SPY')]! / last[symbols.indexOf('SPX')]!) - 1) < 0.0005,
    'SPY still tracks the S&P 500',
  );
});

t.test('a story published live moves its share at once, and its indices and ETFs by weight', async (t) => {
  const market = new LiveMarket(world.path.model, symbols, last, ANCHOR, SEED);
  const calm = new LiveMarket(world.path.model, symbols, last, ANCHOR, SEED);
  market.shock([{ on: 'AAPL', size: Math.log(1.08) }]);
  market.step(ANCHOR + 1000, 1);
  calm.step(ANCHOR + 1000, 1);
  const change = (s: string) => Math.log(at(market, s) / at(calm, s));
  t.ok(Math.abs(change('AAPL') - Math.log(1.08)) < 1e-6, 'AAPL +8%');
  t.ok(
    Math.abs(change('SPX') - 0.07 * Math.log(1.08)) < 1e-6 && Math.abs(change('SPY') - change('SPX')) < 1e-6,
    'the S&P 500 and SPY by its weight',
  );
  t.ok(Math.abs(change('MSFT')) < 1e-12, 'MSFT unmoved');
});
