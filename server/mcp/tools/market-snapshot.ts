// get_market_snapshot: the market at a glance, as /v1/market/snapshot.
import { cutTail, type Trim } from '../../../core/fit.js';
import { MarketSnapshot } from '../../../core/schemas/market.js';
import { defineTool, NoArgs, ToolSingle } from '../tool.js';

const biggestMoves: Trim<MarketSnapshot> = {
  what: 'moves.moves',
  more: 'get_moves with date lists them all',
  items: (s) => s.moves.moves,
  keep: (s, n) => ({ ...s, moves: { ...s.moves, moves: s.moves.moves.slice(0, n) } }),
};

export const getMarketSnapshot = defineTool({
  name: 'get_market_snapshot',
  title: 'Market snapshot',
  description:
    'What is happening across the market now: every instrument with its pooled price, change since the previous ' +
    '00:00 UTC close and a 24-hour sparkline; the latest day with unusual moves and its biggest ones with their causes; ' +
    "the week's top stories (each with id and sourceUrl); catalysts of the next 7 days; how far each dataset runs. " +
    'Use it for "what moved today" or "what is coming up"; then get_brief, explain_move or get_story for detail.',
  input: NoArgs,
  output: ToolSingle(MarketSnapshot),
  run: async (_, { services }) => ({ data: await services.market.snapshot() }),
  trims: [cutTail<MarketSnapshot>('catalysts', 'catalysts', 'get_calendar lists them all'),
      cutTail<MarketSnapshot>('topStories', 'topStories', 'get_news with order=important'),
      biggestMoves],
});
