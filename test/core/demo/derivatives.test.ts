// The demo's funding and open interest history: deterministic, hourly then daily, daily records summarizing the hours.
import t from 'tap';
import { demoDerivatives, derivativesWindow, fundingRegime } from '../../../core/demo/derivatives.js';
import { DEMO_INSTRUMENTS, demoListings } from '../../../core/demo/universe.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const anchor = Date.UTC(2026, 10, 22, 13, 25);
const btc = DEMO_INSTRUMENTS.find((i) => i.symbol === 'BTC')!;
const perps = demoListings(7).filter((l) => l.symbol === 'BTC' && l.market === 'perp');

t.test('the window: whole days, the hourly part ending at the hour before the anchor', async (t) => {
  const w = derivativesWindow(anchor, 365, 30);
  t.equal(w.startMs, Date.UTC(2025, 10, 22));
  t.equal(w.hourlyFromMs, Date.UTC(2026, 9, 23));
  const h = demoDerivatives(btc, perps[0]!, fundingRegime(btc, 7, w), 7, w);
  t.equal(h.daily.ts.length, 335);
  t.equal(h.daily.ts[0], w.startMs);
  t.equal(h.daily.ts.at(-1), w.hourlyFromMs - DAY, 'daily records stop where the hours begin');
  t.equal(h.hourly.ts[0], w.hourlyFromMs);
  t.equal(h.hourly.ts.at(-1), Date.UTC(2026, 10, 22, 12), 'the anchor hour is left to live quotes');
  t.equal(h.hourly.ts.length, 30 * 24 + 13);
});

t.test('deterministic per seed; listings share a regime but not their noise', async (t) => {
  const w = derivativesWindow(anchor, 60, 10);
  const a = demoDerivatives(btc, perps[0]!, fundingRegime(btc, 7, w), 7, w);
  t.same(demoDerivatives(btc, perps[0]!, fundingRegime(btc, 7, w), 7, w), a);
  t.not(demoDerivatives(btc, perps[0]!, fundingRegime(btc, 8, w), 8, w).hourly.fundingRate[5], a.hourly.fundingRate[5]);
  const b = demoDerivatives(btc, perps[1]!, fundingRegime(btc, 7, w), 7, w);
  const per8h = (s: typeof a, l: (typeof perps)[0], k: number) =>
    (s.hourly.fundingRate[k]! * 8) / l.fundingIntervalHours!;
  t.not(per8h(a, perps[0]!, 100), per8h(b, perps[1]!, 100));
  t.ok(Math.abs(per8h(a, perps[0]!, 100) - per8h(b, perps[1]!, 100)) < 0.0003, 'venues quote near one another');
});

t.test(
  'values are plausible: open interest positive around the listing size, funding in a realistic range',
  async (t) => {
    const w = derivativesWindow(anchor, 365, 30);
    for (const l of perps) {
      const h = demoDerivatives(btc, l, fundingRegime(btc, 7, w), 7, w);
      const size = btc.volume24hUsd * l.share * 0.45;
      for (const s of [h.daily, h.hourly]) {
        t.ok(
          s.openInterestUsd.every((x) => x > size / 5 && x < size * 5),
          `${l.venue}: open interest within 5x of its size`,
        );
        t.ok(
          s.fundingRate.every((x) => Math.abs((x * 8) / l.fundingIntervalHours!) < 0.002),
          `${l.venue}: |funding| under 0.2% per 8h`,
        );
      }
    }
  },
);
