// get_moves: unusual daily moves with their causes, as /v1/moves.
import { moveFilter } from '../../../core/requests/moves.js';
import { Move, MoveListQuery } from '../../../core/schemas/moves.js';
import { defineTool, ToolList } from '../tool.js';

export const getMoves = defineTool({
  name: 'get_moves',
  title: 'Unusual price moves',
  description:
    "Days when an instrument moved unusually (zScore of 2.5 or more against its last 60 days, or above its kind's " +
    'floor), newest first, or on one `date` the most unusual first. Each move has pct, zScore, the stories that ' +
    'caused it (`causes`, each with id and sourceUrl), an explanation built from them, and candidate stories when ' +
    'no cause is known (not confirmed: say so). Filter by symbol, date, from/to, minPct, minZ. Paged.',
  input: MoveListQuery,
  output: ToolList(Move),
  run: async (args, { services, caller }) => await services.moves.list(moveFilter(args), caller),
});
