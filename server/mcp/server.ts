// The MCP server of one request, on the official SDK's low-level Server: tools/list answers the tools with their JSON
// Schemas (the routes' TypeBox schemas, lean: listed-schema.ts), tools/call validates the arguments as the routes do and runs
// the tool. Bad arguments and unknown entities are tool errors (isError, with the error code and message) a model can
// correct, never a protocol failure.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  type Tool as ListedTool,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ApiError, validationError } from '../../core/errors.js';
import { fitObject, fitPage } from '../../core/fit.js';
import { tokenCount } from '../../core/tokens.js';
import { asApiError } from '../http/respond.js';
import { type CompiledValidator, compileValidator } from '../http/validate.js';
import type { Logger } from '../log.js';
import { type CompleteRequestParams, complete } from './completions.js';
import { listedInput, listedOutput } from './listed-schema.js';
import { getPrompt, listPrompts } from './prompts.js';
import { protocolError } from './protocol-error.js';
import { listResources, listTemplates, readResource } from './resources.js';
import { type Answer, DEFAULT_RESULT_TOKENS, MAX_RESULT_TOKENS, type Tool, type ToolContext } from './tool.js';
import { TOOLS } from './tools/index.js';

const INSTRUCTIONS =
  'Tapewire serves read-only market data and explained events: pooled 24/7 venue prices, unusual moves linked to the ' +
  'stories that caused them, sourced stories, catalysts, and companies with their people, projects and sectors. ' +
  'Start with get_brief for one entity or get_market_snapshot for the market, and search to find a key. Cite stories ' +
  'by their sourceUrl; label pooled prices with their priceLabel; say when data is missing instead of guessing ' +
  '(get_coverage tells how far each dataset runs). Every answer is {data} or {data, page} (page.nextOffset: the offset ' +
  'of the next page, null at the end), with `notice` when something was left out. An answer to the required arguments ' +
  'alone stays under about 10,000 tokens; any optional argument (limit, from, ...) lets it grow to 20,000. Conventions: times are ISO 8601 UTC; ' +
  'a field ending in Pct is in percent (2.5 = 2.5%), in Usd in US dollars; an entity reference is {type, key, label, ' +
  'path}: pass type and key to get_brief, path is its page; sourceUrl is what to cite; null means unknown.';

interface Compiled {
  tool: Tool;
  validate: CompiledValidator;
  /** Its required arguments: a call giving no other is held to DEFAULT_RESULT_TOKENS. */
  required: ReadonlySet<string>;
}

const compiled = new Map<string, Compiled>(
  TOOLS.map((tool) => [
    tool.name,
    { tool, validate: compileValidator('arguments', tool.input), required: new Set(tool.input.required ?? []) },
  ]),
);

const LISTING: { tools: ListedTool[] } = {
  tools: TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: listedInput(t.input) as ListedTool['inputSchema'],
    outputSchema: listedOutput(t.output) as ListedTool['outputSchema'],
    // Read-only says it all: the destructive and idempotent hints are meaningful only for tools that write.
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  })),
};

/** tools/list's result as JSON, made once: the answer never changes (server/mcp/listing.ts serves it). */
export const LISTING_JSON = JSON.stringify(LISTING);

/** One validator for every request's server: building an Ajv instance per request would cost milliseconds. */
const validator = new AjvJsonSchemaValidator();

/** Resources and prompts are fixed sets of templates and jobs: their lists never change while a client is connected. */
const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
  completions: {},
  logging: {},
};

/** The interface's version, as the OpenAPI document gives it. */
const SERVER_INFO = { name: 'tapewire', title: 'Tapewire', version: '1.0.0' };

/** The server answering one HTTP request; `called` learns each tool called, for the access log. */
export function requestServer(ctx: ToolContext, log: Logger, called: (name: string, error?: string) => void): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => LISTING);
  server.setRequestHandler(ListResourceTemplatesRequestSchema, listTemplates);
  server.setRequestHandler(ListResourcesRequestSchema, (request) => listResources(ctx, request.params?.cursor));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(ctx, request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, listPrompts);
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    getPrompt(request.params.name, request.params.arguments, ctx, async (name, args) => {
      const { result, error } = await call(compiled.get(name)!, args, ctx, log);
      called(name, error);
      const text = (result.content[0] as { text: string }).text;
      if (error) throw protocolError(ErrorCode.InvalidParams, `${name}: ${text}`);
      return text;
    }),
  );
  server.setRequestHandler(CompleteRequestSchema, (request) => complete(request.params as CompleteRequestParams, ctx));
  // Nothing is logged to the client (a stateless request has no stream to log on): the level is accepted, as asked.
  server.setRequestHandler(SetLevelRequestSchema, () => ({}));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const entry = compiled.get(request.params.name);
    // A protocol error, as the spec has it for an unknown tool.
    if (!entry)
      throw protocolError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name.slice(0, 100)} (tools/list names them)`,
      );
    const { result, error } = await call(entry, request.params.arguments ?? {}, ctx, log);
    called(entry.tool.name, error);
    return result;
  });
  return server;
}

/** An answer cut to `maxChars`: a page to the items that fit, one thing by the tool's trims. */
function bounded(answer: Answer, tool: Tool, maxChars: number): Answer {
  if ('page' in answer) return fitPage(answer, maxChars);
  const fitted = fitObject(answer.data, tool.trims ?? [], maxChars);
  const notice = [answer.notice, fitted.notice].filter(Boolean).join(' ');
  return notice ? { data: fitted.data, notice } : { data: fitted.data };
}

/**
 * tools/call of `name` run as the SDK server would run it, or undefined for a tool there is not (the SDK's protocol
 * error answers that): for server/mcp/call.ts, which answers a lone tools/call without the per-request server.
 */
export function toolCall(
  name: string,
):
  | ((
      args: Record<string, unknown>,
      ctx: ToolContext,
      log: Logger,
    ) => Promise<{ result: CallToolResult; error?: string }>)
  | undefined {
  const entry = compiled.get(name);
  return entry && ((args, ctx, log) => call(entry, args, ctx, log));
}

/** The answers made of the kept data objects tools answered with (see Tool.keptData), while those live. */
const written = new WeakMap<object, string>();

/** An answer's JSON; that of a tool's kept data alone is made once, and is then the same string every time. */
function answerJson(answer: Answer, tool: Tool): string {
  const { data } = answer;
  if (!tool.keptData || Object.keys(answer).length !== 1 || typeof data !== 'object' || data === null)
    return JSON.stringify(answer);
  let json = written.get(data);
  if (json === undefined) written.set(data, (json = JSON.stringify(answer)));
  return json;
}

/** The tool's answer, or the tool error it ran into with its code. */
async function call(
  { tool, validate, required }: Compiled,
  given: Record<string, unknown>,
  ctx: ToolContext,
  log: Logger,
): Promise<{ result: CallToolResult; error?: string }> {
  try {
    const args = { ...given };
    const problems = validate.check(args);
    if (problems.length) throw validationError(problems);
    // An agent that gave the required arguments alone has not asked for a large answer: it pays at most the default.
    const optional = Object.keys(given).some((k) => !required.has(k));
    const maxTokens = optional ? MAX_RESULT_TOKENS : DEFAULT_RESULT_TOKENS;
    const whole = await tool.run(args, { ...ctx, maxTokens });
    let answer = whole;
    let text = answerJson(whole, tool);
    // Every token takes a character at least: a shorter answer is under the limit without counting.
    const wholeTokens = text.length > maxTokens ? tokenCount(text) : 0;
    const charsPerToken = text.length / Math.max(wholeTokens, 1);
    // Cut to the characters that many tokens take in this answer, then counted again: the parts kept may be denser.
    for (let share = 0.95, tokens = wholeTokens; tokens > maxTokens; share *= 0.9) {
      answer = bounded(whole, tool, Math.floor(maxTokens * charsPerToken * share));
      text = JSON.stringify(answer);
      tokens = tokenCount(text);
    }
    return { result: { content: [{ type: 'text', text }], structuredContent: answer as Record<string, unknown> } };
  } catch (err) {
    // A client that left had its database work dropped on purpose: nothing to report, and nobody to answer.
    const e = ctx.caller.signal.aborted
      ? new ApiError('unavailable', 'The client left')
      : asApiError(log, err, { tool: tool.name });
    const error = { code: e.code, message: e.message, ...(e.details === undefined ? {} : { details: e.details }) };
    return { result: { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] }, error: e.code };
  }
}
