// The kind and importance of a news item, by stated rules on its headline (docs/data.md lists them): the first rule
// whose words the headline holds gives the kind and its base importance; an opinion or list piece ("Should you
// buy...?", "3 stocks to buy") is news of low importance whatever it mentions. A feed item has no importance of its
// own, so these rules are the service's judgement, the same for every feed.
import type { EventKind } from '../../vocabulary.js';

export interface KindRule {
  kind: EventKind;
  importance: number;
  words: RegExp;
}

/** In order: the first match wins (a downgrade that follows a results miss is a rating story, not earnings). */
export const KIND_RULES: readonly KindRule[] = [
  {
    kind: 'policy_decision',
    importance: 70,
    words: /\b(rate (cut|hike|decision)|cuts rates|raises rates|holds rates|FOMC|central bank (holds|cuts|raises))\b/i,
  },
  {
    kind: 'm_and_a',
    importance: 65,
    words: /\b(acquires?|acquisition|to buy [A-Z]\w+ for|merger|merge with|takeover|buyout|agrees to buy)\b/i,
  },
  {
    kind: 'rating',
    importance: 45,
    words:
      /\b(upgrades?|downgrades?|upgraded|downgraded|price target|initiates coverage|outperform|underperform|overweight|underweight)\b/i,
  },
  {
    kind: 'guidance',
    importance: 60,
    words: /\b(guidance|outlook|forecasts?|raises (its )?(full-year|annual)|cuts (its )?(full-year|annual))\b/i,
  },
  {
    kind: 'earnings',
    importance: 60,
    words:
      /\b(earnings|quarterly (results|profit|revenue)|Q[1-4] (results|earnings|revenue|profit)|EPS|beats estimates|misses estimates)\b/i,
  },
  {
    kind: 'macro_release',
    importance: 55,
    words:
      /\b(CPI|inflation (rate|data|report)|payrolls|jobs report|unemployment rate|GDP|retail sales|PMI|jobless claims)\b/i,
  },
  {
    kind: 'legal',
    importance: 50,
    words: /\b(lawsuit|sues|sued|court|verdict|settle(s|ment)?|class action|indicted|fraud)\b/i,
  },
  {
    kind: 'regulatory',
    importance: 50,
    words:
      /\b(SEC|FTC|DOJ|antitrust|regulators?|probe|investigation|fined|approval from|FDA|export (curbs|controls|ban))\b/i,
  },
  {
    kind: 'management',
    importance: 45,
    words: /\b(CEO|CFO|chief executive|steps down|resigns|appoints|names new|succession)\b/i,
  },
  {
    kind: 'capital',
    importance: 45,
    words: /\b(buyback|repurchase|dividend|share offering|stock split|raises \$|bond sale|IPO)\b/i,
  },
  {
    kind: 'partnership',
    importance: 40,
    words: /\b(partnership|partners with|teams up|collaborat\w+|joint venture|strikes deal|signs deal)\b/i,
  },
  {
    kind: 'product',
    importance: 40,
    words: /\b(launch(es|ed)?|unveils?|introduces|rolls out|new (chip|model|product|phone))\b/i,
  },
];

/** Plain news, when no rule matches. */
export const NEWS_IMPORTANCE = 30;
/** Opinion and list pieces. */
export const OPINION_IMPORTANCE = 15;
const OPINION =
  /(\?\s*$|\b(should you|is it time to|stocks? to (buy|watch|own)|buy now|millionaire|my top|best .* stocks?|\d+ (reasons?|([\w-]+ )?stocks?)|analyst says buy|says buy)\b)/i;

export function classify(headline: string): { kind: EventKind; importance: number } {
  if (OPINION.test(headline)) return { kind: 'news', importance: OPINION_IMPORTANCE };
  const rule = KIND_RULES.find((r) => r.words.test(headline));
  return rule ? { kind: rule.kind, importance: rule.importance } : { kind: 'news', importance: NEWS_IMPORTANCE };
}
