// Prediction markets: the list with its filters, and one market with its outcomes' probability history, the markets
// of its event, the entities it is about and their catalysts.
import { type Static, Type } from '@sinclair/typebox';
import { DATE_OR_TIMESTAMP_PATTERN } from '../time.js';
import { MARKET_KINDS, ODDS_INTERVALS, ODDS_STATUSES } from '../vocabulary.js';
import { Catalyst } from './catalysts.js';
import { EntityRef, Nullable, StringEnum } from './common.js';

const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));
const Instant = (description: string) => Nullable(Type.String({ format: 'date-time', description }));
const Probability = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 1, description }));

export const Outcome = Type.Object({
  name: Type.String(),
  probability: Probability('0..1: the quote midpoint, else the last trade; for a resolved market, what it paid'),
});

const MarketFields = {
  type: Type.Literal('market'),
  key: Type.String({ description: 'the slug' }),
  label: Type.String({ description: 'the question' }),
  path: Nullable(Type.String()),
  slug: Type.String(),
  source: Type.String({ description: 'polymarket, kalshi, ...' }),
  sourceId: Type.String({ description: "the source's own id: Polymarket's condition id, Kalshi's ticker" }),
  question: Type.String(),
  category: Text("the source's own category, lower case"),
  kind: StringEnum(MARKET_KINDS),
  outcomes: Type.Array(Outcome),
  volume: Nullable(Type.Number({ description: 'USD traded over its life' })),
  liquidity: Nullable(Type.Number({ description: 'USD offered in its order book' })),
  openAt: Instant('when trading opened'),
  closeAt: Instant('when trading closes or closed'),
  status: StringEnum(ODDS_STATUSES),
  resolution: Text('the winning outcome once resolved; null before, and when it paid out across outcomes'),
  eventLabel: Text('its label within its event ("25 bps cut")'),
  event: Nullable(
    Type.Object({
      title: Type.String(),
      slug: Type.String(),
      mutuallyExclusive: Type.Boolean({ description: "at most one of the event's markets resolves Yes" }),
      sourceUrl: Type.String({ description: "the event's page at its source (on the demo, under .example)" }),
    }),
  ),
  sourceUrl: Type.String({
    description:
      "the market's page at its source, what to cite: Kalshi's or Polymarket's for a real market; on the demo, the demo's own under the reserved .example domain",
  }),
  entities: Type.Array(EntityRef, { description: 'what it is about (a rate decision: the policy rate)' }),
  updatedAt: Type.String({ format: 'date-time', description: 'when the service last stored a change to it' }),
};

export const PredictionMarket = Type.Object(MarketFields);
export type PredictionMarket = Static<typeof PredictionMarket>;

export const OutcomeHistory = Type.Object({
  outcome: Type.String(),
  points: Type.Array(
    Type.Object({
      ts: Type.String({ format: 'date-time', description: "the bucket's start" }),
      probability: Type.Number({ minimum: 0, maximum: 1 }),
    }),
  ),
});

/** What one market's answer adds to a market of a list. */
const DetailFields = {
  bounds: Nullable(
    Type.Object({ lower: Type.Number(), upper: Type.Number() }, { description: 'what a scalar market pays between' }),
  ),
  openInterest: Nullable(Type.Number({ description: 'USD notional of the contracts held' })),
  lastUpdate: Instant('the time of its latest probability point'),
  interval: StringEnum(ODDS_INTERVALS),
  from: Type.String({ format: 'date-time', description: 'where the history starts' }),
  history: Type.Array(OutcomeHistory, {
    description: "each outcome's probability, the last of each interval, oldest first",
  }),
  siblings: Type.Array(Type.Object(MarketFields), { description: 'the other markets of its event' }),
  catalysts: Type.Array(Catalyst, {
    description: 'scheduled events of its entities around its close (upcoming ones when it has no close)',
  }),
};

export const PredictionMarketDetail = Type.Object({ ...MarketFields, ...DetailFields });
export type PredictionMarketDetail = Static<typeof PredictionMarketDetail>;

/** The same as a market of a list and what one market adds: for a schema that shows both, written once. */
export const PredictionMarketDetailParts = Type.Intersect([PredictionMarket, Type.Object(DetailFields)]);

export const OddsListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'words of the question, its label or its event, each matched anywhere',
    }),
  ),
  entity: Type.Optional(
    Type.String({ maxLength: 500, description: 'comma-separated type:key pairs, any match (macro:fed-funds-rate)' }),
  ),
  status: Type.Optional(Type.String({ maxLength: 100, description: `comma-separated: ${ODDS_STATUSES.join(', ')}` })),
  category: Type.Optional(Type.String({ maxLength: 100, description: "the source's category, any case" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
export type OddsListQuery = Static<typeof OddsListQuery>;

export const OddsParams = Type.Object({
  slug: Type.String({
    minLength: 1,
    maxLength: 200,
    description: "the slug, or the source's id (a condition id, a ticker), any case",
  }),
});

export const OddsDetailQuery = Type.Object({
  from: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: DATE_OR_TIMESTAMP_PATTERN,
      description: 'YYYY-MM-DD or ISO timestamp; default: 30 days before the latest point at 1h, all at 1d',
    }),
  ),
  interval: Type.Optional(StringEnum(ODDS_INTERVALS, { default: '1h' })),
});
export type OddsDetailQuery = Static<typeof OddsDetailQuery>;
