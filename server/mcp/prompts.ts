// MCP prompts for the jobs agents are asked to do: explain a move, say what changed for a company this week, brief
// before a catalyst. Each is a user message with the task and the data it needs embedded (a tool's answer as JSON, or a
// brief as a Markdown resource), so the model starts from cited facts rather than a first round of tool calls.
import {
  ErrorCode,
  type GetPromptResult,
  type ListPromptsResult,
  type PromptMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { BriefType } from '../../core/brief/key.js';
import { BRIEF_TYPES } from '../../core/vocabulary.js';
import { protocolError } from './protocol-error.js';
import { briefContents } from './resources.js';
import type { ToolContext } from './tool.js';

/** Runs a tool as tools/call would, returning its answer's text (JSON) or throwing its error. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<string>;

interface PromptArg {
  name: string;
  description: string;
  required: boolean;
  /** What the argument's completions are drawn from: an entity type's keys, or `about` (type:key). */
  completes: string | null;
}

interface PromptDef {
  name: string;
  title: string;
  description: string;
  arguments: PromptArg[];
  messages(args: Record<string, string>, ctx: ToolContext, run: RunTool): Promise<PromptMessage[]>;
}

const CITE =
  'Cite every fact by the sourceUrl of the story or filing it comes from; say what the data does not hold instead of guessing.';

const text = (t: string): PromptMessage => ({ role: 'user', content: { type: 'text', text: t } });

/** A brief as an embedded Markdown resource; a key that names nothing is a bad argument of the prompt. */
async function brief(type: BriefType, key: string, ctx: ToolContext): Promise<PromptMessage> {
  return {
    role: 'user',
    content: {
      type: 'resource',
      resource: await briefContents(ctx, type, key, ErrorCode.InvalidParams, 'Bad argument'),
    },
  };
}

export const PROMPTS: PromptDef[] = [
  {
    name: 'explain_move',
    title: 'Explain a price move',
    description:
      'Why an instrument moved on a day: the move, its confirmed causes and candidate stories, the macro of that day, with citations.',
    arguments: [
      { name: 'symbol', description: 'the instrument, e.g. AAPL or BTC', required: true, completes: 'instrument' },
      {
        name: 'date',
        description: 'the day, YYYY-MM-DD (default: its latest unusual move)',
        required: false,
        completes: null,
      },
    ],
    async messages({ symbol, date }, _ctx, run) {
      const answer = await run('explain_move', { symbol: symbol!, ...(date ? { date } : {}) });
      return [
        text(
          `Explain the price move of ${symbol}${date ? ` on ${date}` : ' on the day of its latest unusual move'}: how large it was (its changePct and ` +
            `zScore, against the instrument's usual days), what caused it (confirmed causes first; candidate stories are not confirmed), ` +
            `and what else moved or was released that day. ${CITE} The data, from explain_move:\n\n${answer}`,
        ),
      ];
    },
  },
  {
    name: 'company_week',
    title: 'What changed for a company this week',
    description:
      "A company's last seven days: its stories, price moves, filings and insider trades, and what comes next, with citations.",
    arguments: [
      {
        name: 'company',
        description: 'the company, by slug or ticker (apple, AAPL)',
        required: true,
        completes: 'company',
      },
    ],
    async messages({ company }, ctx) {
      return [
        text(
          `What changed for ${company} in the last seven days? Cover its stories, its share price and any unusual moves, its filings and ` +
            `insider trades, and the catalysts ahead, newest first, in a few short paragraphs. ${CITE} Its brief follows; the tools ` +
            '(get_news, get_moves, get_filings, get_insider_trades) give more of each.',
        ),
        await brief('company', company!, ctx),
      ];
    },
  },
  {
    name: 'catalyst_brief',
    title: 'Brief me before a catalyst',
    description:
      'Before the next scheduled event about an entity (an earnings report, a rate decision, a data release): what is expected, what the markets price, what happened last time.',
    arguments: [
      {
        name: 'about',
        description: `the entity as type:key, type one of ${BRIEF_TYPES.filter((t) => t !== 'event').join(', ')} (company:apple, macro:us-cpi, instrument:BTC)`,
        required: true,
        completes: 'about',
      },
    ],
    async messages({ about }, ctx) {
      const m = /^([a-z]+):(.+)$/.exec(about!);
      if (!m || !BRIEF_TYPES.includes(m[1] as never) || m[1] === 'event') {
        throw protocolError(
          ErrorCode.InvalidParams,
          `about must be type:key (company:apple, macro:us-cpi); got ${JSON.stringify(about!.slice(0, 60))}`,
        );
      }
      return [
        text(
          `Brief me before the next catalyst about ${about}: what is scheduled and when (in UTC and New York time), the consensus where ` +
            'there is one, what the prediction markets price, and how the price moved around the last event of the same kind. ' +
            `${CITE} Its brief follows; get_calendar and get_prediction_markets give more.`,
        ),
        await brief(m[1] as BriefType, m[2]!, ctx),
      ];
    },
  },
];

const LIST: ListPromptsResult = {
  prompts: PROMPTS.map((p) => ({
    name: p.name,
    title: p.title,
    description: p.description,
    arguments: p.arguments.map(({ completes: _, ...a }) => a),
  })),
};

export const listPrompts = (): ListPromptsResult => LIST;

export async function getPrompt(
  name: string,
  given: Record<string, string> | undefined,
  ctx: ToolContext,
  run: RunTool,
): Promise<GetPromptResult> {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt)
    throw protocolError(ErrorCode.InvalidParams, `Unknown prompt: ${name.slice(0, 100)} (prompts/list names them)`);
  const args = given ?? {};
  const missing = prompt.arguments.filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
  if (missing.length) throw protocolError(ErrorCode.InvalidParams, `Prompt ${name} needs ${missing.join(' and ')}`);
  return { description: prompt.description, messages: await prompt.messages(args, ctx, run) };
}
