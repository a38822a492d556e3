// Funding per 8 hours, intervals from funding times, and the interval of each point of a funding history.
import t from 'tap';
import { collectFunding } from '../../../../core/sources/venues/derivatives.js';
import { fundingIntervalHours, fundingPer8h } from '../../../../core/sources/venues/funding.js';

const H = 3_600_000;

t.test('a rate per 8 hours', async (t) => {
  t.equal(fundingPer8h(0.0001, 8), 0.0001);
  t.equal(fundingPer8h(0.00001, 1), 0.00008, 'hourly counts 8 times');
  t.equal(fundingPer8h(0.0001, 4), 0.0002);
  t.ok(Number.isNaN(fundingPer8h(0.0001, NaN)));
  t.ok(Number.isNaN(fundingPer8h(0.0001, 0)));
});

t.test('the interval between two funding times', async (t) => {
  t.equal(fundingIntervalHours(0, 8 * H), 8);
  t.equal(fundingIntervalHours(0, 4 * H + 500), 4, "a venue's milliseconds of drift");
  t.ok(Number.isNaN(fundingIntervalHours(0, 90 * 60_000)), 'an hour and a half is no interval');
  t.ok(Number.isNaN(fundingIntervalHours(8 * H, 0)));
});

t.test("each point's interval: the time since the payment before, a missing payment not counted", async (t) => {
  const times = [0, 8, 16, 32, 40, 41, 42].map((h) => h * H);
  const f = collectFunding(times, 'f', (ts) => ({ ts, rate: 0.0001 }));
  t.same([...f.intervalHours], [8, 8, 8, 8, 8, 1, 1], 'the 16-hour gap is a missing payment; then hourly');
  t.same(
    [...collectFunding([5 * H], 'f', (ts) => ({ ts, rate: 0 })).intervalHours],
    [NaN],
    'a lone point has no interval',
  );
  t.same(
    [...collectFunding([0, 8 * H], 'f', (ts) => ({ ts, rate: 0 }), 1).intervalHours],
    [1, 1],
    'a venue stating its period',
  );
  const dup = collectFunding([2 * H, H, 2 * H], 'f', (ts) => ({ ts, rate: ts }));
  t.same([...dup.ts], [H, 2 * H], 'oldest first, one point per time');
});
