// The demo's market model: news propagates through its structure (company news to its indices by weight and on to
// their ETFs; a macro surprise to shares, yields, the dollar, gold and crypto with the right signs), the state read
// back from prices is the state, and prices start where the universe says.
import t from 'tap';
import { demoMarketModel, type Shock } from '../../../core/demo/market-model.js';
import { Random } from '../../../core/demo/random.js';
import { STRUCTURE } from '../../../core/demo/structure.js';

const origin = Date.UTC(2024, 10, 20);
const model = demoMarketModel(7, origin);
const at = origin + 200 * 86_400_000;
const price = (state: Float64Array) => {
  const out = new Float64Array(model.size);
  model.prices(state, at, out);
  return (symbol: string) => out[model.position.get(symbol)!]!;
};
/** Each instrument's change from `shocks` at once: a log change, or yield points for a rate. */
function change(shocks: Shock[]): (symbol: string) => number {
  const state = new Float64Array(model.size);
  const before = price(state);
  model.shock(state, shocks);
  const after = price(state);
  return (s) =>
    model.instruments[model.position.get(s)!]!.kind === 'rate' ? after(s) - before(s) : Math.log(after(s) / before(s));
}

t.test('at the origin every price is its start price', async (t) => {
  const out = new Float64Array(model.size);
  model.prices(model.initialState(), origin, out);
  model.instruments.forEach((inst, i) => {
    if (Math.abs(out[i]! / inst.startPrice - 1) > 1e-12) t.fail(`${inst.symbol}: ${out[i]} against ${inst.startPrice}`);
  });
  t.pass('every instrument');
});

t.test('company news moves its share, its indices by weight, their ETFs with them, and nothing else', async (t) => {
  const d = change([{ on: 'AAPL', size: Math.log(1.08) }]);
  t.ok(Math.abs(d('AAPL') - Math.log(1.08)) < 1e-12, 'the share by the shock');
  for (const [index, etf] of [
    ['SPX', 'SPY'],
    ['NDX', 'QQQ'],
    ['DJI', null],
  ] as const) {
    const role = STRUCTURE[index]!;
    const weight = role.role === 'index' ? role.members.AAPL! : NaN;
    t.ok(Math.abs(d(index) - weight * Math.log(1.08)) < 1e-12, `${index} by its weight ${weight}`);
    if (etf) t.ok(Math.abs(d(etf) - d(index)) < 1e-12, `${etf} with ${index}`);
  }
  for (const other of ['MSFT', 'BTC', 'XAU', 'US2Y', 'EURUSD']) t.equal(d(other), 0, `${other} unmoved`);
});

t.test(
  'a hawkish macro surprise: shares and indices down, yields and the dollar up, gold and crypto down',
  async (t) => {
    const d = change([
      { on: 'equity', size: -0.02 },
      { on: 'growth', size: -0.008 },
      { on: 'rates', size: 0.15 },
      { on: 'curve', size: -0.03 },
      { on: 'dollar', size: 0.01 },
      { on: 'metals', size: -0.01 },
      { on: 'crypto', size: -0.05 },
    ]);
    for (const s of [
      'AAPL',
      'NVDA',
      'JPM',
      'SPX',
      'NDX',
      'DJI',
      'SPY',
      'QQQ',
      'XAU',
      'XAG',
      'EURUSD',
      'GBPUSD',
      'BTC',
      'SOL',
    ])
      t.ok(d(s) < 0, `${s} down`);
    for (const s of ['US2Y', 'US10Y', 'USDJPY']) t.ok(d(s) > 0, `${s} up`);
    t.ok(d('US10Y') < d('US2Y'), 'the curve flattens');
    t.ok(d('NDX') < d('DJI'), 'growth shares fall further');
    t.ok(d('SOL') < d('BTC'), 'an alt further than bitcoin');
  },
);

t.test('the impact of news, in daily standard deviations, through the whole structure', async (t) => {
  const impact = model.impact([{ on: 'NVDA', size: 4 * 0.03 }], at);
  t.ok(Math.abs(impact[model.position.get('NVDA')!]! - 4) < 1e-9, 'four of its own');
  t.ok(
    impact[model.position.get('NDX')!]! > 0.1 && impact[model.position.get('NDX')!]! < 1,
    'a fraction of one for its index',
  );
});

t.test('the state read back from prices is the state, so the live market carries on from stored prices', async (t) => {
  const state = model.initialState();
  const rng = new Random(3);
  for (let k = 0; k < 300; k++) model.step(state, 1, rng, at - (300 - k) * 86_400_000);
  const prices = new Float64Array(model.size);
  model.prices(state, at, prices);
  const back = model.stateFromPrices(prices, at);
  t.ok(
    back.every((x, i) => Math.abs(x - state[i]!) < 1e-9),
    'every state',
  );
  const partial = Float64Array.from(prices);
  partial[model.position.get('BTC')!] = NaN;
  t.ok(
    Math.abs(model.stateFromPrices(partial, at)[model.position.get('BTC')!]!) < 1e-12,
    'an instrument without a price starts on its level path',
  );
});
