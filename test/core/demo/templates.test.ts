// Every story template of the demo with the kind a reader would give it, written out here so a template cannot change
// kind unnoticed; and every template the story can draw is in this table.
import t from 'tap';
import { COMPANY_NEWS, CRYPTO_NEWS, GAS_NEWS, MOVE_NEWS, NOISE, OIL_NEWS, OPERATIONS_NEWS, type Pair } from '../../../core/demo/templates.js';

const EXPECTED: Record<string, string> = {
  '{c} raises its full-year outlook': 'guidance',
  '{c} cuts its full-year outlook': 'guidance',
  '{c} agrees to buy a rival in an all-cash deal': 'm_and_a',
  '{c} walks away from a planned acquisition': 'm_and_a',
  'Two brokers upgrade {c} to buy': 'rating',
  '{c} downgraded to sell at a major broker': 'rating',
  '{c} wins dismissal of a long-running lawsuit': 'legal',
  '{c} loses a patent case and faces damages': 'legal',
  '{c} signs a multi-year supply partnership': 'partnership',
  'Key partner ends its agreement with {c}': 'partnership',
  'Regulators clear {c} after a review': 'regulatory',
  'Regulators open an investigation into {c}': 'regulatory',
  '{c} launch draws record pre-orders': 'product',
  '{c} delays its flagship launch': 'product',
  '{c} unveils a cheaper model to strong early demand': 'product',
  '{c} recalls a best-selling product': 'product',
  'Regulators approve a new {c} drug': 'regulatory',
  '{c} drug misses its goal in a late-stage trial': 'product',
  '{c} starts production at a new offshore field': 'news',
  '{c} shuts a refinery after a fire': 'news',
  '{c} wins a large payments mandate': 'partnership',
  '{c} hit by an hours-long outage of its online banking': 'news',
  'Regulators approve a spot {n} fund': 'regulatory',
  'Regulators reject a spot {n} fund': 'regulatory',
  'A major exchange lists {n} perpetuals with deeper margin': 'market_structure',
  'A major exchange delists {n} margin pairs': 'market_structure',
  '{n} network upgrade goes live without issues': 'product',
  '{n} network halts block production for hours': 'news',
  'Court rules in favour of {n} developers': 'legal',
  'Court rules against {n} developers in a securities case': 'legal',
  'A major payments firm adds {n} settlement': 'partnership',
  'Exchange hack drains {n} hot wallets': 'news',
  'A large {n} lender reopens withdrawals': 'news',
  'A large {n} lender halts withdrawals': 'news',
  'Producers agree to deeper output cuts': 'news',
  'Producers unexpectedly raise output': 'news',
  'Crude inventories fall far more than forecast': 'news',
  'Crude inventories build far more than forecast': 'news',
  'Pipeline outage cuts crude supply': 'news',
  'Demand outlook cut by a major agency': 'news',
  'Storage draw far larger than forecast': 'news',
  'Storage build far larger than forecast': 'news',
  'Cold snap forecast lifts heating demand': 'news',
  'Mild weather forecasts cut heating demand': 'news',
  'LNG exports hit a record': 'news',
  'Outage at a major LNG export terminal': 'news',
  'Analysts debate what comes next for {n}': 'news',
  '{n}: five charts to watch this week': 'news',
  '{n} names a new head of investor relations': 'management',
  '{n} publishes its annual sustainability report': 'news',
  '{n} joins an industry working group': 'partnership',
  'A director of {n} reports a small share sale under a trading plan': 'insider',
  '{c} {v} {p} as investors pile back into {sector} stocks': 'news',
  '{c} {v} {p} in a broad {sector} sell-off': 'news',
  '{c} {v} {p} after a bullish analyst note': 'rating',
  '{c} {v} {p} as an analyst questions its valuation': 'rating',
  'Stocks rally as buyers return': 'news',
  'Stocks slide in a broad sell-off': 'news',
  'Crypto rally as short sellers are squeezed': 'news',
  'Crypto sell-off as leveraged bets are liquidated': 'news',
  'Treasury yields climb as investors sell bonds': 'news',
  'Treasury yields fall as investors buy bonds': 'news',
  'Gold {v} {p} as investors seek safety': 'news',
  'Gold {v} {p} as investors take profits': 'news',
  'Silver {v} {p} on hopes for industrial demand': 'news',
  'Silver {v} {p} as industrial demand worries grow': 'news',
  'Oil {v} {p} as shipping disruptions tighten supply': 'news',
  'Oil {v} {p} as demand worries mount': 'news',
  'Natural gas {v} {p} as forecasts turn colder': 'news',
  'Natural gas {v} {p} on milder weather forecasts': 'news',
  'Euro {v} {p} against the dollar on upbeat euro-area data': 'news',
  'Euro {v} {p} against the dollar on weak euro-area data': 'news',
  'Pound {v} {p} against the dollar on upbeat UK data': 'news',
  'Pound {v} {p} against the dollar on weak UK data': 'news',
  'Dollar {v} {p} against the yen as the rate gap stays wide': 'news',
  'Yen strengthens as officials warn against rapid moves: dollar {v} {p}': 'news',
};

const pairs: Pair[] = [...COMPANY_NEWS, ...Object.values(OPERATIONS_NEWS), ...CRYPTO_NEWS, ...OIL_NEWS, ...GAS_NEWS, ...Object.values(MOVE_NEWS).flat()];
const templates = [...pairs.flatMap((p) => [p.up, p.down]), ...NOISE];

t.test('each template has the kind a reader would give it', async (t) => {
  for (const { text, kind } of templates) {
    if (!(text in EXPECTED)) t.fail(`no expected kind written for "${text}"`);
    else if (EXPECTED[text] !== kind) t.fail(`"${text}" is ${kind}, a reader would say ${EXPECTED[text]}`);
  }
  t.equal(templates.length, Object.keys(EXPECTED).length, 'every expected template exists');
});
