// The brief: a compact, cited context bundle about one entity for a language model's prompt, within a token budget.
import { type Static, Type } from '@sinclair/typebox';
import { TOKEN_ESTIMATE } from '../tokens.js';
import {
  BRIEF_TYPES,
  CATALYST_KINDS,
  EVENT_KINDS,
  MACRO_DISPLAY_MODES,
  ODDS_STATUSES,
  PRECISIONS,
} from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';
import { Coverage } from './market.js';

export const BRIEF_DEFAULT_TOKENS = 4000;
export const BRIEF_MIN_TOKENS = 500;
export const BRIEF_MAX_TOKENS = 16000;
const BRIEF_FORMATS = ['json', 'markdown'] as const;

export const BriefPrice = Type.Object({
  instrument: EntityRef,
  price: Nullable(Type.Number()),
  currency: Type.String({
    description: "what the price is quoted in, as the instrument's currency: USD, JPY..., PCT for a yield in percent",
  }),
  changePct: Nullable(
    Type.Number({ description: 'against the pooled close at the previous 00:00 UTC, percent, rounded to 2 decimals' }),
  ),
  priceTs: Nullable(Type.String({ format: 'date-time' })),
  priceLabel: Type.String({
    description:
      'how to label the price: pooled prices read "<SYMBOL> · 24/7 (venues)"; an official close names its source ("GOOGL · official close (Stooq)")',
  }),
});
export type BriefPrice = Static<typeof BriefPrice>;

export const BriefFact = Type.Object({
  text: Type.String(),
  path: Nullable(Type.String({ description: 'site path of what the fact is about: /v1 + path answers it' })),
  sourceUrl: Nullable(
    Type.String({ description: "where the fact was read; null for the service's own figures and words" }),
  ),
});
export type BriefFact = Static<typeof BriefFact>;

export const BriefEvent = Type.Object({
  id: Type.Integer({ description: 'the story: /v1/events/{id}' }),
  occurredAt: Type.String({ format: 'date-time' }),
  kind: StringEnum(EVENT_KINDS),
  importance: Type.Integer({ minimum: 0, maximum: 100 }),
  headline: Type.String(),
  summary: Nullable(Type.String({ description: "in the service's own words" })),
  sourceName: Type.String(),
  sourceUrl: Type.String({ description: 'the original source, to cite' }),
});
export type BriefEvent = Static<typeof BriefEvent>;

export const BriefMove = Type.Object({
  symbol: Type.String(),
  date: Type.String({ format: 'date' }),
  pct: Type.Number({ description: 'close-to-close change, percent, rounded to 2 decimals' }),
  changeBp: Nullable(
    Type.Number({ description: "a rate's change in basis points, what to quote; null for other kinds" }),
  ),
  zScore: Nullable(Type.Number({ description: 'rounded to 1 decimal' })),
  explanation: Nullable(Type.String()),
  causeIds: Type.Array(Type.Integer(), { description: 'the stories that caused it (event ids, cited in citations)' }),
  path: Type.String({ description: 'the move explained: /v1 + path' }),
});
export type BriefMove = Static<typeof BriefMove>;

export const BriefCatalyst = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(CATALYST_KINDS),
  title: Type.String(),
  expectedAt: Type.String({ format: 'date-time' }),
  precision: StringEnum(PRECISIONS),
  confirmed: Type.Boolean(),
  consensus: Nullable(Type.String()),
  sourceUrl: Nullable(Type.String()),
});
export type BriefCatalyst = Static<typeof BriefCatalyst>;

export const BriefOdds = Type.Object({
  slug: Type.String({ description: 'the market: /v1/odds/{slug}, cited as "market:<slug>"' }),
  question: Type.String(),
  outcomes: Type.Array(
    Type.Object({ name: Type.String(), probability: Nullable(Type.Number({ minimum: 0, maximum: 1 })) }),
  ),
  status: StringEnum(ODDS_STATUSES),
  closeAt: Nullable(Type.String({ format: 'date-time' })),
  volume: Nullable(Type.Number({ description: 'USD traded over its life' })),
  sourceUrl: Type.String({ description: "the market's page at its source, to cite" }),
});
export type BriefOdds = Static<typeof BriefOdds>;

export const BriefMacro = Type.Object({
  slug: Type.String({ description: 'the series: /v1/macro/{slug}, cited as "macro:<slug>" when it has a sourceUrl' }),
  name: Type.String(),
  latest: Nullable(
    Type.Object({
      date: Type.String({ format: 'date', description: 'the first day of the period' }),
      value: Type.Number(),
    }),
  ),
  change: Nullable(Type.Number({ description: 'from the period before, in the units' })),
  headline: Nullable(Type.Number({ description: 'the number displayMode shows' })),
  displayMode: StringEnum(MACRO_DISPLAY_MODES),
  units: Nullable(Type.String()),
  nextRelease: Nullable(Type.String({ format: 'date' })),
  sourceUrl: Nullable(Type.String({ description: "the series' page at its source" })),
});
export type BriefMacro = Static<typeof BriefMacro>;

export const BriefFundamental = Type.Object({
  metric: Type.String({
    description: 'the field of /v1/companies/{company}/fundamentals: ttm.revenue, margins.netPct, valuation.pe...',
  }),
  label: Type.String(),
  value: Type.Number({ description: 'USD, percent (the metrics ending in Pct) or a ratio' }),
  period: Nullable(
    Type.String({ description: 'the period it covers (TTM to Q1 FY2026); null for a ratio at the live price' }),
  ),
  accession: Nullable(
    Type.String({ description: 'the filing its latest input was read from, cited as "filing:<accession>"' }),
  ),
  sourceUrl: Nullable(Type.String({ description: 'that filing on EDGAR' })),
});
export type BriefFundamental = Static<typeof BriefFundamental>;

const OpenMarketSide = Type.Object({
  count: Type.Integer(),
  shares: Type.Number(),
  value: Type.Number({ description: 'USD' }),
});

export const BriefInsider = Type.Object({
  insider: EntityRef,
  company: EntityRef,
  role: Type.String(),
  buys: OpenMarketSide,
  sells: OpenMarketSide,
  lastDate: Type.String({ format: 'date', description: 'the latest open-market trade' }),
  accession: Type.String({ description: 'the Form 4 of that trade, cited as "filing:<accession>"' }),
  sourceUrl: Type.String({ description: 'that filing on EDGAR' }),
});
export type BriefInsider = Static<typeof BriefInsider>;

export const BriefInsiderSummary = Type.Object({
  sinceDays: Type.Integer({ description: 'the window: open-market trades of the last this many days' }),
  buys: Type.Object({ ...OpenMarketSide.properties, insiders: Type.Integer() }),
  sells: Type.Object({ ...OpenMarketSide.properties, insiders: Type.Integer() }),
});
export type BriefInsiderSummary = Static<typeof BriefInsiderSummary>;

export const Citation = Type.Object({
  id: Type.String({
    description:
      '"event:<id>", "catalyst:<id>", "market:<slug>", "macro:<slug>" or "filing:<accession>", as the statements name them',
  }),
  path: Nullable(
    Type.String({ description: 'site path (/v1 + path answers it); null for a catalyst, listed by /v1/catalysts' }),
  ),
  sourceUrl: Type.String({ description: 'the original source' }),
});
export type Citation = Static<typeof Citation>;

const Omitted = Type.Integer({ minimum: 0 });

export const Brief = Type.Object({
  subject: EntityRef,
  price: Nullable({
    ...BriefPrice,
    description:
      "the latest price of the subject's instrument (a company's primary one): pooled, or an official close where priceLabel says so; null when it has none",
  }),
  facts: Type.Array(BriefFact, {
    description: 'what the subject is, each fact with the path it is about and the source it was read from',
  }),
  events: Type.Array(BriefEvent, { description: 'recent important stories, most important first' }),
  moves: Type.Array(BriefMove, {
    description: 'recent unusual daily moves, newest first, with explanations and cause ids',
  }),
  catalysts: Type.Array(BriefCatalyst, { description: 'upcoming catalysts, soonest first' }),
  odds: Type.Array(BriefOdds, { description: 'related prediction markets, open first, then the most traded' }),
  macro: Type.Array(BriefMacro, { description: 'the macro backdrop: headline series with their latest numbers' }),
  fundamentals: Type.Array(BriefFundamental, {
    description:
      'key fundamentals and valuation of the company (TTM results, margins, growth, ratios at the live price), each cited to its filing',
  }),
  insiderSummary: Nullable({
    ...BriefInsiderSummary,
    description:
      "open-market purchases (Form 4 code P) and sales (S) over the window: of the company's insiders, or of the person; null when none is held",
  }),
  insiders: Type.Array(BriefInsider, {
    description:
      'the most active insiders in the window (for a person: the companies they traded), by value traded, each cited to its latest Form 4',
  }),
  notYetAvailable: Nullable(
    Type.String({
      description: 'parts of a brief of this type whose data the service does not hold yet: left out, never guessed',
    }),
  ),
  dataThrough: Coverage,
  citations: Type.Array(Citation, {
    description: 'every event, catalyst, market, series and filing id the statements name, with its sourceUrl',
  }),
  budget: Type.Object({
    maxTokens: Type.Integer(),
    tokens: Type.Integer({ description: `this answer's size in tokens, estimated as ${TOKEN_ESTIMATE} of its JSON` }),
    estimate: Type.String(),
    omitted: Type.Object(
      {
        facts: Omitted,
        events: Omitted,
        moves: Omitted,
        catalysts: Omitted,
        odds: Omitted,
        macro: Omitted,
        fundamentals: Omitted,
        insiders: Omitted,
      },
      {
        description:
          'statements gathered but left out to stay within maxTokens: ask for more tokens, or the detail endpoints, to see them',
      },
    ),
  }),
});
export type Brief = Static<typeof Brief>;

export const BriefParams = Type.Object({
  type: StringEnum(BRIEF_TYPES),
  key: Type.String({
    minLength: 1,
    maxLength: 160,
    description: 'symbol, slug, company/project (the slash encoded as %2F), market slug or event id',
  }),
});
export type BriefParams = Static<typeof BriefParams>;

export const BriefQuery = Type.Object({
  maxTokens: Type.Optional(
    Type.Integer({
      minimum: BRIEF_MIN_TOKENS,
      maximum: BRIEF_MAX_TOKENS,
      default: BRIEF_DEFAULT_TOKENS,
      description: `the most tokens the JSON answer may take, estimated as ${TOKEN_ESTIMATE}; the Markdown form is smaller`,
    }),
  ),
  format: Type.Optional(
    StringEnum(BRIEF_FORMATS, {
      description: 'markdown: the same bundle as Markdown with the citations as links (as Accept: text/markdown)',
    }),
  ),
});
export type BriefQuery = Static<typeof BriefQuery>;
