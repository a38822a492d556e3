// get_brief: the cited context bundle of /v1/brief/{type}/{key}, the first thing to ask about an entity.
import { Type } from '@sinclair/typebox';
import { BRIEF_DEFAULT_TOKENS, Brief, BriefParams, BriefQuery } from '../../../core/schemas/brief.js';
import { Args, defineTool, ToolSingle } from '../tool.js';

export const getBrief = defineTool({
  name: 'get_brief',
  title: 'Brief about an entity',
  description:
    'Start here for any question about one instrument, company, person, project, sector, macro series, prediction ' +
    'market or story: a compact, cited bundle of the labelled price, sourced facts, top recent stories, unusual moves ' +
    "with their causes, upcoming catalysts, related markets, the macro backdrop, a company's fundamentals and insider " +
    'summary, dataset coverage, and what the service does not hold (never guessed). Cite by sourceUrl (`citations`). ' +
    'type: instrument (key: symbol such as BTC or AAPL), company (slug or ticker), person (slug), project ' +
    '(company/project, e.g. tesla/robotaxi), sector (slug), macro (series slug such as us-cpi), market (prediction ' +
    'market slug), event (story id). Use `search` to find a key. maxTokens ' +
    `(default ${BRIEF_DEFAULT_TOKENS}) bounds the answer; budget.omitted says what was left out for it.`,
  input: Args(BriefParams, Type.Object({ maxTokens: BriefQuery.properties.maxTokens })),
  output: ToolSingle(Brief),
  run: async ({ type, key, maxTokens }, { services, caller, nowMs }) => ({
    data: await services.brief.get(type, key, maxTokens ?? BRIEF_DEFAULT_TOKENS, caller, nowMs),
  }),
});
