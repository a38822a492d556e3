// MCP completions for every argument that names something: a prompt's symbol, company or about (type:key), and a
// resource template's symbol, slug, company and project, from the keys search knows. Anything else completes to
// nothing, which the specification allows.
import type { CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import { BRIEF_TYPES } from '../../core/vocabulary.js';
import { PROMPTS } from './prompts.js';
import { TEMPLATES } from './resources.js';
import type { ToolContext } from './tool.js';

/** The most values the specification lets one answer hold. */
const MAX = 100;
const NONE: CompleteResult = { completion: { values: [], total: 0, hasMore: false } };
const ABOUT_TYPES = BRIEF_TYPES.filter((t) => t !== 'event');

export interface CompleteRequestParams {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
}

export async function complete(
  { ref, argument, context }: CompleteRequestParams,
  { services }: ToolContext,
): Promise<CompleteResult> {
  const keys = async (type: string, partial: string, prefix = '') => {
    const { values, total } = await services.search.keys(type, partial, MAX);
    return { completion: { values: values.map((v) => prefix + v), total, hasMore: total > values.length } };
  };
  if (ref.type === 'ref/prompt') {
    const completes =
      PROMPTS.find((p) => p.name === ref.name)?.arguments.find((a) => a.name === argument.name)?.completes ?? null;
    if (completes === null) return NONE;
    if (completes !== 'about') return keys(completes, argument.value);
    const m = /^([a-z]+):(.*)$/.exec(argument.value);
    if (m && ABOUT_TYPES.includes(m[1] as never)) return keys(m[1]!, m[2]!, `${m[1]}:`);
    const types = ABOUT_TYPES.filter((t) => t.startsWith(argument.value.toLowerCase())).map((t) => `${t}:`);
    return { completion: { values: types, total: types.length, hasMore: false } };
  }
  const template = TEMPLATES.find((t) => t.uriTemplate === ref.uri);
  if (!template) return NONE;
  if (template.type === 'project') {
    if (argument.name === 'company') return keys('company', argument.value);
    if (argument.name !== 'project') return NONE;
    // A project's key is company/project: its company, when already given, narrows the list.
    const company = context?.arguments?.company;
    const { values } = await services.search.keys(
      'project',
      company ? `${company}/${argument.value}` : argument.value,
      MAX,
    );
    const projects = values
      .filter((k) => !company || k.startsWith(`${company}/`))
      .map((k) => k.slice(k.indexOf('/') + 1));
    return { completion: { values: projects, total: projects.length, hasMore: false } };
  }
  return template.type === 'event' ? NONE : keys(template.type, argument.value);
}
