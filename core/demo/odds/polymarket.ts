// Markets on the demo's CPI and payroll releases in Polymarket's formats: per release a Gamma event with one binary
// market (does the number beat the forecast?), its `outcomes`, `outcomePrices` and `clobTokenIds` JSON-encoded strings
// as Gamma sends them, and each outcome token's CLOB prices-history. Each opens after the release before, its odds
// lean toward what the story's number turns out to be, and it resolves when the number is published. Loaded by the
// Polymarket source's own parser, as served by the demo's own Polymarket under the reserved .example domain.

import { MONTH_NAMES } from '../../time.js';
import type { MacroPrint } from '../macro/prints.js';
import { Random } from '../random.js';
import type { DemoWorld } from '../world.js';
import { type BeliefPoint, beliefPath } from './beliefs.js';

/** The site the demo's Polymarket markets come from and cite. */
export const DEMO_POLYMARKET_SITE = 'https://polymarket.example';
/** The releases with markets, what each asks and its event's name. */
const ASKED: Partial<
  Record<MacroPrint['series'], { question: (p: MacroPrint, month: string) => string; slug: string; event: string }>
> = {
  'us-cpi': {
    question: (p, month) => `Will US CPI rise more than ${p.expected.toFixed(1)}% in ${month}?`,
    slug: 'us-cpi',
    event: 'US CPI',
  },
  'us-payrolls': {
    question: (p, month) => `Will US nonfarm payrolls for ${month} come in above ${p.expected}k?`,
    slug: 'us-payrolls',
    event: 'US jobs report',
  },
};
const YES = 0;
const NO = 1;

export interface DemoPolymarket {
  /** Gamma GET /events. */
  events: object;
  /** CLOB GET /prices-history per outcome token, which the answer does not name: the token beside it. */
  histories: { tokenId: string; payload: object }[];
}

/** The markets on every CPI and payroll release from `startMs` to `untilMs`, as published by `anchorMs`. */
export function demoPolymarket(
  world: DemoWorld,
  seed: number,
  startMs: number,
  anchorMs: number,
  untilMs: number,
): DemoPolymarket {
  const events: object[] = [];
  const histories: DemoPolymarket['histories'] = [];
  for (const series of Object.keys(ASKED) as MacroPrint['series'][]) {
    const prints = world.prints.filter((p) => p.series === series);
    prints.forEach((p, k) => {
      const before = prints[k - 1];
      if (!before || p.releasedAt < startMs || p.releasedAt >= untilMs || before.releasedAt >= anchorMs) return;
      const rng = new Random(seed ^ 0x9017 ^ Math.floor(p.releasedAt / 60_000));
      const openMs = before.releasedAt + 3_600_000;
      const path = beliefPath(
        {
          outcomes: 2,
          expected: NO,
          actual: p.value > p.expected ? YES : NO,
          openMs,
          resolveMs: p.releasedAt,
          untilMs: anchorMs,
        },
        rng,
      );
      const event = release(p, ASKED[series]!, openMs, anchorMs, path, rng);
      events.push(event.event);
      event.tokens.forEach((tokenId, o) =>
        histories.push({
          tokenId,
          payload: { history: path.map((b) => ({ t: Math.floor(b.ts / 1000), p: b.probabilities[o] })) },
        }),
      );
    });
  }
  return { events, histories };
}

function release(
  p: MacroPrint,
  asked: NonNullable<(typeof ASKED)[keyof typeof ASKED]>,
  openMs: number,
  anchorMs: number,
  path: BeliefPoint[],
  rng: Random,
) {
  const period = new Date(p.period);
  const month = `${MONTH_NAMES[period.getUTCMonth()]} ${period.getUTCFullYear()}`;
  const slug = `${asked.slug}-${MONTH_NAMES[period.getUTCMonth()]!.toLowerCase()}-${period.getUTCFullYear()}`;
  const resolved = p.releasedAt < anchorMs;
  const last = path.at(-1)?.probabilities ?? [0.5, 0.5];
  const tokens = [randomDigits(rng, DECIMAL, 77), randomDigits(rng, DECIMAL, 77)];
  const volume = 50_000 + rng.int(2_000_000);
  const market = {
    id: String(500_000 + (Math.floor(p.releasedAt / 3_600_000) % 400_000)),
    question: asked.question(p, month),
    conditionId: `0x${randomDigits(rng, HEX, 64)}`,
    slug: `${slug}-above-forecast`,
    groupItemTitle: 'Above forecast',
    outcomes: JSON.stringify(['Yes', 'No']),
    outcomePrices: JSON.stringify(last.map((x) => String(x))),
    clobTokenIds: JSON.stringify(tokens),
    volumeNum: volume,
    liquidityNum: resolved ? 0 : 5_000 + rng.int(80_000),
    startDate: new Date(openMs).toISOString(),
    endDate: new Date(p.releasedAt).toISOString(),
    active: !resolved,
    closed: resolved,
    ...(resolved ? { umaResolutionStatus: 'resolved' } : {}),
  };
  return {
    tokens,
    event: {
      id: String(60_000 + (Math.floor(p.releasedAt / 3_600_000) % 30_000)),
      ticker: slug,
      slug,
      title: `${asked.event} for ${month}`,
      endDate: new Date(p.releasedAt).toISOString(),
      negRisk: false,
      closed: resolved,
      tags: [
        { id: '100', label: 'Economy', slug: 'economy' },
        { id: '101', label: 'Economic Data', slug: 'economic-data' },
      ],
      volume,
      markets: [market],
    },
  };
}

const HEX = '0123456789abcdef';
const DECIMAL = '0123456789';

/** `length` random characters of `alphabet`: Polymarket's condition ids (hex) and token ids (decimal, no leading 0). */
function randomDigits(rng: Random, alphabet: string, length: number): string {
  let out = alphabet === DECIMAL ? String(1 + rng.int(9)) : '';
  while (out.length < length) out += alphabet[rng.int(alphabet.length)];
  return out;
}
