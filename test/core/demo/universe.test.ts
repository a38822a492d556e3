// The demo universe: every kind, and sane listings.
import t from 'tap';
import { DEMO_INSTRUMENTS, DEMO_VENUES, demoListings } from '../../../core/demo/universe.js';
import { INSTRUMENT_KINDS } from '../../../core/vocabulary.js';

const SEED = 20261121;

t.test('about 30 instruments covering every kind, unique symbols', (t) => {
  t.ok(DEMO_INSTRUMENTS.length >= 28 && DEMO_INSTRUMENTS.length <= 32);
  t.same([...new Set(DEMO_INSTRUMENTS.map((i) => i.kind))].sort(), [...INSTRUMENT_KINDS].sort());
  t.equal(new Set(DEMO_INSTRUMENTS.map((i) => i.symbol.toLowerCase())).size, DEMO_INSTRUMENTS.length);
  t.end();
});

t.test('listings: crypto spot and perp on 4-8 venues, the rest perps on 3-4; shares sum to 1', (t) => {
  const listings = demoListings(SEED);
  t.same(demoListings(SEED), listings, 'deterministic');
  t.notSame(demoListings(SEED + 1), listings, 'another seed, another draw');
  for (const inst of DEMO_INSTRUMENTS) {
    const own = listings.filter((l) => l.symbol === inst.symbol);
    const venues = new Set(own.map((l) => l.venue));
    const share = own.reduce((a, l) => a + l.share, 0);
    if (Math.abs(share - 1) > 1e-9) t.fail(`${inst.symbol}: shares sum to ${share}`);
    if (inst.kind === 'crypto') {
      if (venues.size < 4 || venues.size > 8) t.fail(`${inst.symbol}: ${venues.size} venues`);
      if (!own.some((l) => l.market === 'spot') || !own.some((l) => l.market === 'perp'))
        t.fail(`${inst.symbol}: needs spot and perp`);
    } else if (venues.size < 3 || venues.size > 4 || own.some((l) => l.market !== 'perp'))
      t.fail(`${inst.symbol}: ${venues.size} venues`);
    for (const l of own) {
      if ((l.market === 'perp') !== (l.fundingIntervalHours !== null))
        t.fail(`${inst.symbol}@${l.venue}: funding interval`);
      if (!DEMO_VENUES.some((v) => v.id === l.venue)) t.fail(`unknown venue ${l.venue}`);
    }
    const keys = own.map((l) => `${l.venue}:${l.market}`);
    if (new Set(keys).size !== keys.length) t.fail(`${inst.symbol}: duplicate listing`);
  }
  t.end();
});
