// get_prediction_markets: prediction markets as /v1/odds, or one of them with its probability history as
// /v1/odds/{slug} when a slug is given; the oldest history points are left out first when it would be too large.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { type ValidationDetail, validationError } from '../../../core/errors.js';
import { oldestAcross, type Trim } from '../../../core/fit.js';
import { oddsFilter, oddsRequest } from '../../../core/requests/odds.js';
import { Page } from '../../../core/schemas/common.js';
import {
  OddsDetailQuery,
  OddsListQuery,
  OddsParams,
  PredictionMarket,
  type PredictionMarketDetail,
  PredictionMarketDetailParts,
} from '../../../core/schemas/odds.js';
import { Args, defineTool } from '../tool.js';

/** The arguments of one form that the other form refuses: those without a default (a default is set either way, and unused). */
const withoutDefault = (schema: TObject) =>
  Object.entries(schema.properties)
    .filter(([, s]) => (s as TSchema).default === undefined)
    .map(([name]) => name);
const LIST_ONLY = withoutDefault(OddsListQuery);
const DETAIL_ONLY = withoutDefault(OddsDetailQuery);

const Input = Args(
  Args(OddsListQuery, OddsDetailQuery),
  Type.Object({ slug: Type.Optional(OddsParams.properties.slug) }),
);

const Output = Type.Object({
  data: Type.Union([Type.Array(PredictionMarket), PredictionMarketDetailParts], {
    description: 'a page of markets, or the one market named by slug',
  }),
  page: Type.Optional({ ...Page, description: 'the page of a list; absent for one market' }),
  notice: Type.Optional(Type.String({ description: 'what was left out to keep the answer small, and how to get it' })),
});

type Answer = PredictionMarket[] | PredictionMarketDetail;
const one = (a: Answer): PredictionMarketDetail | null => (Array.isArray(a) ? null : a);

const oldestPoints = oldestAcross<Answer>(
  'history points (the latest kept)',
  'pass a later from, or interval=1d',
  (a) => one(a)?.history.map((h) => h.points) ?? [],
  (a, kept) => ({
    ...one(a)!,
    history: one(a)!.history.map((h, k) => ({ ...h, points: h.points.slice(h.points.length - kept[k]!) })),
  }),
);

const siblings: Trim<Answer> = {
  what: 'siblings',
  more: 'get_prediction_markets with q set to the event title',
  items: (a) => one(a)?.siblings ?? [],
  keep: (a, n) => ({ ...one(a)!, siblings: one(a)!.siblings.slice(0, n) }),
};

/** Arguments of the other form present: a 422 naming them. */
function misplaced(args: Record<string, unknown>, names: string[], why: string): ValidationDetail[] {
  return names.filter((n) => args[n] !== undefined).map((param) => ({ in: 'arguments', param, message: why }));
}

export const getPredictionMarkets = defineTool({
  name: 'get_prediction_markets',
  title: 'Prediction markets',
  description:
    'What prediction markets (Polymarket, Kalshi) price: question, outcomes with probabilities (0 to 1), volume, close ' +
    'time, status, event, entities and sourceUrl (cite it). Without slug: open markets first, then the most traded, ' +
    'filtered by q, entity (type:key, comma-separated: macro:fed-funds-rate), status (open, closed, resolved), category; ' +
    "paged. With slug: that market with each outcome's probability history per interval (1h, the default: its last 30 " +
    'days; 1d: all) from `from`, its sibling markets and the catalysts around its close. List arguments with slug, or ' +
    'from without it, are refused.',
  input: Input,
  output: Output,
  run: async (args, { services, caller }) => {
    const { slug, ...rest } = args;
    const problems =
      slug === undefined
        ? misplaced(rest, DETAIL_ONLY, 'applies only with slug (one market)')
        : misplaced(rest, LIST_ONLY, 'applies to the list: leave slug out');
    if (problems.length) throw validationError(problems);
    if (slug !== undefined) return { data: await services.odds.detail(slug, oddsRequest(rest), caller) };
    return await services.odds.list(oddsFilter(rest), caller);
  },
  trims: [siblings, oldestPoints],
});
