// The demo story's headline templates, each with the kind a reader would give it: an up and a down story keep their
// own kind where they differ (an exchange hack is news, not a lawsuit). Placeholders: {c} a company, {n} an
// instrument's name, {v} a verb worded for the move's sign and size, {p} its size.
import type { EventKind } from '../vocabulary.js';

export interface Template {
  text: string;
  kind: EventKind;
}

export interface Pair {
  up: Template;
  down: Template;
}

const pair = (upKind: EventKind, up: string, downKind: EventKind, down: string): Pair => ({
  up: { text: up, kind: upKind },
  down: { text: down, kind: downKind },
});
const same = (kind: EventKind, up: string, down: string) => pair(kind, up, kind, down);

/** Unscheduled news any listed company can have. */
export const COMPANY_NEWS: Pair[] = [
  same('guidance', '{c} raises its full-year outlook', '{c} cuts its full-year outlook'),
  same('m_and_a', '{c} agrees to buy a rival in an all-cash deal', '{c} walks away from a planned acquisition'),
  same('rating', 'Two brokers upgrade {c} to buy', '{c} downgraded to sell at a major broker'),
  same('legal', '{c} wins dismissal of a long-running lawsuit', '{c} loses a patent case and faces damages'),
  same('partnership', '{c} signs a multi-year supply partnership', 'Key partner ends its agreement with {c}'),
  same('regulatory', 'Regulators clear {c} after a review', 'Regulators open an investigation into {c}'),
];

/** News about what a company makes or runs, by its sector's slug. */
export const OPERATIONS_NEWS: Record<string, Pair> = {
  technology: same('product', '{c} launch draws record pre-orders', '{c} delays its flagship launch'),
  'consumer-discretionary': same(
    'product',
    '{c} unveils a cheaper model to strong early demand',
    '{c} recalls a best-selling product',
  ),
  'health-care': pair(
    'regulatory',
    'Regulators approve a new {c} drug',
    'product',
    '{c} drug misses its goal in a late-stage trial',
  ),
  energy: same('news', '{c} starts production at a new offshore field', '{c} shuts a refinery after a fire'),
  financials: pair(
    'partnership',
    '{c} wins a large payments mandate',
    'news',
    '{c} hit by an hours-long outage of its online banking',
  ),
};

/** News about one crypto network or its market. */
export const CRYPTO_NEWS: Pair[] = [
  same('regulatory', 'Regulators approve a spot {n} fund', 'Regulators reject a spot {n} fund'),
  same(
    'market_structure',
    'A major exchange lists {n} perpetuals with deeper margin',
    'A major exchange delists {n} margin pairs',
  ),
  pair(
    'product',
    '{n} network upgrade goes live without issues',
    'news',
    '{n} network halts block production for hours',
  ),
  same('legal', 'Court rules in favour of {n} developers', 'Court rules against {n} developers in a securities case'),
  pair('partnership', 'A major payments firm adds {n} settlement', 'news', 'Exchange hack drains {n} hot wallets'),
  same('news', 'A large {n} lender reopens withdrawals', 'A large {n} lender halts withdrawals'),
];

/** Crude oil supply and demand news: it moves the energy factor (oil, and a little the rest of energy). */
export const OIL_NEWS: Pair[] = [
  same('news', 'Producers agree to deeper output cuts', 'Producers unexpectedly raise output'),
  same('news', 'Crude inventories fall far more than forecast', 'Crude inventories build far more than forecast'),
  same('news', 'Pipeline outage cuts crude supply', 'Demand outlook cut by a major agency'),
];

/** Natural gas news: weather, storage and exports (an export terminal's outage leaves more gas at home: down). */
export const GAS_NEWS: Pair[] = [
  same('news', 'Storage draw far larger than forecast', 'Storage build far larger than forecast'),
  same('news', 'Cold snap forecast lifts heating demand', 'Mild weather forecasts cut heating demand'),
  same('news', 'LNG exports hit a record', 'Outage at a major LNG export terminal'),
];

/** Low-importance stories that move nothing; `company` ones only about an instrument with a company. */
export const NOISE: (Template & { company: boolean })[] = [
  { kind: 'news', text: 'Analysts debate what comes next for {n}', company: false },
  { kind: 'news', text: '{n}: five charts to watch this week', company: false },
  { kind: 'management', text: '{n} names a new head of investor relations', company: true },
  { kind: 'news', text: '{n} publishes its annual sustainability report', company: true },
  { kind: 'partnership', text: '{n} joins an industry working group', company: true },
  { kind: 'insider', text: 'A director of {n} reports a small share sale under a trading plan', company: true },
];

/**
 * Stories written for an unusual day the market drew without news, by what moved: one instrument ({n}, {v}, {p}; no
 * {p} while the day still trades), or a group's movers listed after the headline. Verbs: rises/jumps/soars and
 * falls/slides/plunges by size.
 */
export const MOVE_NEWS = {
  stock: [
    pair(
      'news',
      '{c} {v} {p} as investors pile back into {sector} stocks',
      'news',
      '{c} {v} {p} in a broad {sector} sell-off',
    ),
    pair(
      'rating',
      '{c} {v} {p} after a bullish analyst note',
      'rating',
      '{c} {v} {p} as an analyst questions its valuation',
    ),
  ],
  equities: [same('news', 'Stocks rally as buyers return', 'Stocks slide in a broad sell-off')],
  // With the exchange closed only 24/7 venues trade equities: no session news, no analyst, just that trading.
  stockClosed: [
    same(
      'news',
      '{c} {v} {p} on 24/7 venues while the exchange is closed',
      '{c} {v} {p} in thin 24/7 trading while the exchange is closed',
    ),
  ],
  equitiesClosed: [
    same(
      'news',
      'Stocks rally on 24/7 venues while the exchange is closed',
      'Stocks slide on 24/7 venues while the exchange is closed',
    ),
  ],
  crypto: [
    same('news', 'Crypto rally as short sellers are squeezed', 'Crypto sell-off as leveraged bets are liquidated'),
  ],
  rates: [same('news', 'Treasury yields climb as investors sell bonds', 'Treasury yields fall as investors buy bonds')],
  XAU: [same('news', 'Gold {v} {p} as investors seek safety', 'Gold {v} {p} as investors take profits')],
  XAG: [
    same('news', 'Silver {v} {p} on hopes for industrial demand', 'Silver {v} {p} as industrial demand worries grow'),
  ],
  WTI: [same('news', 'Oil {v} {p} as shipping disruptions tighten supply', 'Oil {v} {p} as demand worries mount')],
  NATGAS: [
    same('news', 'Natural gas {v} {p} as forecasts turn colder', 'Natural gas {v} {p} on milder weather forecasts'),
  ],
  EURUSD: [
    same(
      'news',
      'Euro {v} {p} against the dollar on upbeat euro-area data',
      'Euro {v} {p} against the dollar on weak euro-area data',
    ),
  ],
  GBPUSD: [
    same(
      'news',
      'Pound {v} {p} against the dollar on upbeat UK data',
      'Pound {v} {p} against the dollar on weak UK data',
    ),
  ],
  USDJPY: [
    same(
      'news',
      'Dollar {v} {p} against the yen as the rate gap stays wide',
      'Yen strengthens as officials warn against rapid moves: dollar {v} {p}',
    ),
  ],
} satisfies Record<string, Pair[]>;
