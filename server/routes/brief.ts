// GET /v1/brief/{type}/{key}: a compact, cited context bundle about one entity for a language model, within a token
// budget, as JSON or as Markdown (format=markdown, or Accept: text/markdown).
import { briefMarkdown } from '../../core/brief/markdown.js';
import { BRIEF_DEFAULT_TOKENS, BRIEF_MAX_TOKENS, Brief, BriefParams, BriefQuery } from '../../core/schemas/brief.js';
import { Single } from '../../core/schemas/common.js';
import { TOKEN_ESTIMATE } from '../../core/tokens.js';
import { defineRoute } from '../api-route.js';
import { namesMediaType } from '../http/negotiate.js';
import { Reply } from '../http/surface.js';

const MARKDOWN = 'text/markdown; charset=utf-8';

export const briefRoute = defineRoute({
  path: '/v1/brief/:type/:key',
  summary:
    'A cited context bundle about one entity for a language model: price, facts, stories, moves, catalysts, odds, macro, within a token budget',
  description:
    `At most \`maxTokens\` (default ${BRIEF_DEFAULT_TOKENS}, at most ${BRIEF_MAX_TOKENS}) estimated as ${TOKEN_ESTIMATE} of the JSON. ` +
    'Every story, move cause and catalyst carries its id, and `citations` maps each id to its sourceUrl. A key that cannot be of ' +
    'its type (a project without its company, an event id that is not a number) is a 400; an unknown one a 404. Related ' +
    'prediction markets (`odds`) and the macro backdrop (`macro`, the headline series) come with the types they speak to, ' +
    'cited as market:<slug> and macro:<slug>. A company (and its instrument) has its key fundamentals and open-market ' +
    'insider summary, a person who is an insider their own trades, cited as filing:<accession> to EDGAR. ' +
    '`format=markdown` or `Accept: text/markdown` answers the same bundle as Markdown, the citations as links.',
  tags: ['brief'],
  auth: true,
  errors: ['bad_request', 'not_found'],
  vary: 'Accept',
  params: BriefParams,
  query: BriefQuery,
  response: Single(Brief),
  handler: async ({ params, query, accept, caller }, { brief }) => {
    const data = await brief.get(params.type, params.key, query.maxTokens ?? BRIEF_DEFAULT_TOKENS, caller);
    const markdown =
      query.format === 'markdown' || (query.format === undefined && namesMediaType(accept, 'text/markdown'));
    return markdown ? new Reply(MARKDOWN, briefMarkdown(data)) : { data };
  },
});
