// The entities a prediction market is about, which no source names in the service's terms: a market on a Fed rate
// decision is about the policy rate, one on a CPI print about the CPI. Read from the Kalshi series a ticker belongs
// to (KXFEDDECISION-26SEP-C25 is of KXFEDDECISION), else from the words of its question, label and event title.
import { catalogBySlug } from '../macro/catalog.js';
import { macroRef, type Ref } from '../refs.js';
import { KALSHI_SOURCE, seriesOf } from '../sources/kalshi/source.js';
import type { PredictionMarketRecord } from '../sources/odds-records.js';

interface LinkRule {
  /** The macro series' slug (core/macro/catalog.ts). */
  series: string;
  /** Kalshi series tickers of markets on it. */
  kalshi: readonly string[];
  /** Words of a question on it. */
  words: RegExp;
}

const RULES: readonly LinkRule[] = [
  {
    series: 'fed-funds-rate',
    kalshi: ['KXFEDDECISION', 'KXFED', 'FEDDECISION', 'FED', 'KXRATECUTCOUNT'],
    words:
      /\b(fed|fomc|federal reserve)\b.*\b(rates?|decision|cuts?|hikes?|bps|basis points|hold|pause)\b|\brate (cut|hike)s?\b.*\b(fed|fomc)\b/i,
  },
  {
    series: 'us-cpi',
    kalshi: ['KXCPI', 'KXCPIYOY', 'CPI', 'CPIYOY'],
    words: /\bCPI\b|\bconsumer prices?\b|\binflation\b/i,
  },
  { series: 'us-payrolls', kalshi: ['KXPAYROLLS', 'PAYROLLS'], words: /\bpayrolls?\b|\bjobs report\b/i },
  { series: 'us-unemployment', kalshi: ['KXU3', 'U3'], words: /\bunemployment rate\b/i },
  { series: 'us-jobless-claims', kalshi: ['KXJOBLESSCLAIMS', 'JOBLESSCLAIMS'], words: /\b(jobless|initial) claims\b/i },
  { series: 'us-real-gdp', kalshi: ['KXGDP', 'GDP'], words: /\bGDP\b/i },
  { series: 'wti-crude-oil', kalshi: ['KXWTI', 'WTI'], words: /\b(WTI|crude oil|oil prices?)\b/i },
];

/** The macro series `market` (of the event titled `event.title`, when known) is about, each once, in the order of the rules. */
export function marketEntities(market: PredictionMarketRecord, event: { title: string } | null): Ref[] {
  const kalshiSeries = market.source === KALSHI_SOURCE ? seriesOf(market.sourceKey).toUpperCase() : null;
  const text = [market.question, market.label ?? '', event?.title ?? ''].join(' \n ');
  return RULES.filter((r) => (kalshiSeries !== null && r.kalshi.includes(kalshiSeries)) || r.words.test(text)).map(
    (r) => macroRef(r.series, catalogBySlug(r.series)!.name),
  );
}
