// explain_move: everything around one instrument's move on one day, as /v1/moves/explain.
import { cutTail } from '../../../core/fit.js';
import { explainDate } from '../../../core/requests/moves.js';
import { ExplainQuery, MoveExplanation } from '../../../core/schemas/moves.js';
import { defineTool, ToolSingle } from '../tool.js';

export const explainMove = defineTool({
  name: 'explain_move',
  title: 'Explain a price move',
  description:
    'Why did an instrument move on a day? Returns the move (null when the day was not unusual) with its causes, the ' +
    'stories about the instrument or its company from 3 days before to the day after (most important first), that ' +
    "day's macro releases and rate decisions, the other instruments that moved that day, and the daily closes around " +
    'it. date is YYYY-MM-DD (default: its latest move). Base an explanation on these stories and cite their sourceUrl; ' +
    'candidate stories are not confirmed causes.',
  input: ExplainQuery,
  output: ToolSingle(MoveExplanation),
  run: async (args, { services, caller }) => ({
    data: await services.moves.explain(args.symbol, explainDate(args), caller),
  }),
  trims: [
    cutTail<MoveExplanation>('otherMovers', 'otherMovers', 'get_moves with date lists them all'),
    cutTail<MoveExplanation>('storiesAround', 'storiesAround', 'get_news with symbol, from and to'),
    cutTail<MoveExplanation>('macroThatDay', 'macroThatDay', 'get_news with kind=macro_release,policy_decision'),
  ],
});
