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

/**
 * Sparkline points to 6 significant digits: a sparkline is a shape, and its 720 points written in full took 5,000 of
 * the answer's 14,000 tokens. Each instrument's price stays whole.
 */
function sparklinesRounded(snapshot: MarketSnapshot): MarketSnapshot {
  const round = (x: number | null) => (x === null ? null : Number(x.toPrecision(6)));
  return { ...snapshot, strip: snapshot.strip.map((item) => ({ ...item, sparkline: item.sparkline.map(round) })) };
}

export const getMarketSnapshot = defineTool({
  name: 'get_market_snapshot',
  title: 'Market snapshot',
  description:
    'What is happening across the market now: every instrument with its pooled price, change since the previous ' +
    '00:00 UTC close and a 24-hour sparkline (6 significant digits); the latest day with unusual moves and its biggest ones with their causes; ' +
    "the week's top stories (each with id and sourceUrl); catalysts of the next 7 days; how far each dataset runs; " +
    'whether NYSE/Nasdaq are open, and the next session. ' +
    'Use it for "what moved today" or "what is coming up"; then get_brief, explain_move or get_story for detail.',
  input: NoArgs,
  output: ToolSingle(MarketSnapshot),
  run: async (_, { services }) => ({ data: sparklinesRounded(await services.market.snapshot()) }),
  trims: [
    cutTail<MarketSnapshot>('catalysts', 'catalysts', 'get_calendar lists them all'),
    cutTail<MarketSnapshot>('topStories', 'topStories', 'get_news with order=important'),
    biggestMoves,
    cutTail<MarketSnapshot>('strip', 'strip', 'get_instrument for any other'),
  ],
});
