// MCP resources: a template per entity type (tapewire://company/{slug}, ...) whose resource is the entity's brief in
// Markdown with its citations as links, and the list of the covered universe, paged. A URI that names no entity is the
// specification's "resource not found" (-32002) with the reason; the client can correct it.
import {
  ErrorCode,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
  type TextResourceContents,
} from '@modelcontextprotocol/sdk/types.js';
import type { BriefType } from '../../core/brief/key.js';
import { briefMarkdown } from '../../core/brief/markdown.js';
import { ApiError } from '../../core/errors.js';
import { BRIEF_DEFAULT_TOKENS } from '../../core/schemas/brief.js';
import { protocolError } from './protocol-error.js';
import type { ToolContext } from './tool.js';

export const SCHEME = 'tapewire://';
const MARKDOWN = 'text/markdown';
/** Resources per page of resources/list. */
const PAGE = 100;
/** The specification's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** Each brief type's template and what its variable is. */
export const TEMPLATES: { type: BriefType; uriTemplate: string; what: string }[] = [
  {
    type: 'instrument',
    uriTemplate: `${SCHEME}instrument/{symbol}`,
    what: 'an instrument by its symbol (BTC, AAPL, SPX)',
  },
  { type: 'company', uriTemplate: `${SCHEME}company/{slug}`, what: 'a company by its slug or ticker' },
  { type: 'person', uriTemplate: `${SCHEME}person/{slug}`, what: 'a person by their slug' },
  { type: 'project', uriTemplate: `${SCHEME}project/{company}/{project}`, what: "a company's project by both slugs" },
  { type: 'sector', uriTemplate: `${SCHEME}sector/{slug}`, what: 'a sector by its slug' },
  { type: 'macro', uriTemplate: `${SCHEME}macro/{slug}`, what: 'a macro series by its slug (us-cpi)' },
  { type: 'market', uriTemplate: `${SCHEME}market/{slug}`, what: 'a prediction market by its slug' },
  { type: 'event', uriTemplate: `${SCHEME}event/{id}`, what: 'a story by its id' },
];
const LISTED = new Set<string>(TEMPLATES.map((t) => t.type).filter((t) => t !== 'event'));

const TEMPLATE_LIST: ListResourceTemplatesResult = {
  resourceTemplates: TEMPLATES.map((t) => ({
    uriTemplate: t.uriTemplate,
    name: t.type,
    title: `Brief of ${t.what}`,
    description: `The brief of ${t.what} in Markdown: price, facts, stories, moves, catalysts, markets, each cited by a link.`,
    mimeType: MARKDOWN,
  })),
};

export const listTemplates = (): ListResourceTemplatesResult => TEMPLATE_LIST;

export const resourceUri = (type: string, key: string) => `${SCHEME}${type}/${key}`;

/** The covered universe (instruments, companies, people, projects, sectors, macro series, markets), PAGE at a time. */
export async function listResources(
  { services }: ToolContext,
  cursor: string | undefined,
): Promise<ListResourcesResult> {
  const offset = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw protocolError(
      ErrorCode.InvalidParams,
      `Invalid cursor ${JSON.stringify(cursor!.slice(0, 40))}: pass the nextCursor of the page before`,
    );
  const refs = await services.search.entities(LISTED);
  const page = refs
    .slice(offset, offset + PAGE)
    .map((r) => ({ uri: resourceUri(r.type, r.key), name: `${r.type}:${r.key}`, title: r.label, mimeType: MARKDOWN }));
  return offset + PAGE < refs.length ? { resources: page, nextCursor: String(offset + PAGE) } : { resources: page };
}

/** The brief a tapewire:// URI names, in Markdown. */
export async function readResource(ctx: ToolContext, uri: string): Promise<ReadResourceResult> {
  const m = /^tapewire:\/\/([a-z]+)\/(.+)$/.exec(uri);
  const template = m && TEMPLATES.find((t) => t.type === m[1]);
  if (!m || !template)
    throw protocolError(
      RESOURCE_NOT_FOUND,
      `Resource not found: ${uri.slice(0, 200)} (resources/templates/list gives the URIs: ${TEMPLATES.map((t) => t.uriTemplate).join(', ')})`,
    );
  let key: string;
  try {
    key = decodeURIComponent(m[2]!);
  } catch {
    throw protocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)} is not a well-formed URI`);
  }
  // Under the URI asked for, whichever spelling of the key it used.
  return {
    contents: [{ ...(await briefContents(ctx, template.type, key, RESOURCE_NOT_FOUND, 'Resource not found')), uri }],
  };
}

/**
 * The brief of `key` as a type as Markdown resource contents; a key that names nothing is the JSON-RPC error `code`
 * (a resource not found, a prompt's bad argument) with the reason.
 */
export async function briefContents(
  { services, caller, nowMs }: ToolContext,
  type: BriefType,
  key: string,
  code: number,
  what: string,
): Promise<TextResourceContents> {
  try {
    const brief = await services.brief.get(type, key, BRIEF_DEFAULT_TOKENS, caller, nowMs);
    return { uri: resourceUri(type, key), mimeType: MARKDOWN, text: briefMarkdown(brief) };
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'not_found' || err.code === 'bad_request'))
      throw protocolError(code, `${what}: ${err.message}`);
    throw err;
  }
}
