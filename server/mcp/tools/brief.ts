// get_brief: the cited context bundle of /v1/brief/{type}/{key}, the first thing to ask about an entity.
import { Type } from '@sinclair/typebox';
import { Brief, BRIEF_DEFAULT_TOKENS, BriefParams, BriefQuery } from '../../../core/schemas/brief.js';
import { Args, defineTool, ToolSingle } from '../tool.js';

export const getBrief = defineTool({
  name: 'get_brief',
  title: 'Brief about an entity',
  description:
    'Start here for any question about one instrument, company, person, project, sector, macro series, prediction ' +
    'market or story. Returns a compact, cited bundle: the latest price with the label to show it with, sourced facts, ' +
    'the most important recent stories, recent unusual moves with their explanations and cause ids, upcoming catalysts, ' +
    'related prediction markets with their probabilities, the macro backdrop (headline series), a company\'s key ' +
    'fundamentals and open-market insider summary (cited to their SEC filings), how far each dataset ' +
    'runs, and what the service does not hold yet (never guessed). Cite by sourceUrl (see `citations`). ' +
    'type: instrument (key: symbol such as BTC or AAPL), company (slug or ticker), person (slug), project ' +
    '(company/project, e.g. tesla/robotaxi), sector (slug), macro (series slug such as us-cpi), market (prediction ' +
    'market slug), event (story id). Use `search` to find a key. maxTokens ' +
    `(default ${BRIEF_DEFAULT_TOKENS}) bounds the answer; budget.omitted says what was left out for it.`,
  input: Args(BriefParams, Type.Object({ maxTokens: BriefQuery.properties.maxTokens })),
  output: ToolSingle(Brief),
  run: async ({ type, key, maxTokens }, { services, caller, nowMs }) =>
    ({ data: await services.brief.get(type, key, maxTokens ?? BRIEF_DEFAULT_TOKENS, caller, nowMs) }),
});
