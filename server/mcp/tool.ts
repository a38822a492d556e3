// What a tool is: a name, a title and a description written for a model, its arguments as the route's own TypeBox
// schemas, the shape of its answer, a function that calls the services, and how its answer is cut when it is too
// large. Answers are the same JSON as the HTTP route's ({data} or {data, page}), with a `notice` when something was
// left out to keep them small.
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { Trim } from '../../core/fit.js';
import { Page } from '../../core/schemas/common.js';
import type { Caller } from '../db-queue.js';
import type { Services } from '../services/index.js';

/**
 * The most an answer's JSON may take, in tokens as core/tokens.ts counts them (within 5% of a real tokenizer): under
 * the 25,000 at which Claude Code cuts a tool result, with room for the envelope around it.
 */
export const MAX_RESULT_TOKENS = 20_000;
/**
 * The most an answer to a tool's required arguments alone may take: an agent that has not asked for more (no limit,
 * range or other option) pays no more than this; any optional argument lets the answer grow to MAX_RESULT_TOKENS.
 * 9,000 by core/tokens.ts is at most 10,000 by a real tokenizer (it counted the prediction markets 6% short).
 */
export const DEFAULT_RESULT_TOKENS = 9_000;

export interface ToolContext {
  services: Services;
  /** The request's rate-limit client and abort signal, for the database queue. */
  caller: Caller;
  nowMs: number;
}

/** What one tool call runs with: the request's context, and the most its answer may take in tokens. */
export interface CallContext extends ToolContext {
  maxTokens: number;
}

/** A tool's answer: about one thing, or a page of a list. */
export type Answer =
  | { data: unknown; notice?: string }
  | { data: unknown[]; page: Static<typeof Page>; notice?: string };

export interface Tool {
  name: string;
  title: string;
  description: string;
  input: TObject;
  output: TObject;
  run(args: unknown, ctx: CallContext): Answer | Promise<Answer>;
  /** The arrays of a single answer that may be cut when it is too large, in that order (a page is cut by its items). */
  // biome-ignore lint/suspicious/noExplicitAny: a tool's trims are typed where the tool is declared; the list holds any tool's.
  trims?: Trim<any>[];
  /**
   * Its data is a service's kept object, never changed once handed out (a new one is built when the data changes): its
   * JSON is then written once and kept with it.
   */
  keptData?: true;
}

type DataOf<O extends TObject> = Static<O> extends { data: infer D } ? D : never;

/** Declares a tool with its `run` typed from its schemas. */
export function defineTool<I extends TObject, O extends TObject>(tool: {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  run(args: Static<I>, ctx: CallContext): Static<O> | Promise<Static<O>>;
  trims?: Trim<DataOf<O>>[];
  keptData?: true;
}): Tool {
  return tool as unknown as Tool;
}

const Notice = Type.Optional(
  Type.String({ description: 'what was left out to keep the answer small, and how to get it' }),
);

/** The answer of a tool about one thing: the route's `{data}`. */
export const ToolSingle = <T extends TSchema>(data: T) => Type.Object({ data, notice: Notice });

/** The answer of a tool that lists: the route's `{data, page}`. */
export const ToolList = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), page: Page, notice: Notice });

/** A route's path parameters and query as one object of arguments. */
export function Args<A extends TObject, B extends TObject>(a: A, b: B): TObject<A['properties'] & B['properties']> {
  return Type.Object({ ...a.properties, ...b.properties }) as TObject<A['properties'] & B['properties']>;
}

/** No arguments. */
export const NoArgs = Type.Object({});
