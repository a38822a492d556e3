// A lone tools/call answered without the per-request SDK server and transport: its validation of the message, its web
// Request and Response and the answer's JSON written twice cost 13 times the tool's own route (421 against 29 µs of
// server CPU for get_instrument). The arguments are validated, the tool run and its result cut exactly as the SDK path
// does (server/mcp/server.ts); only a well-formed request the transport would take, for a tool that exists, comes
// here, and anything else is the SDK's to answer.
import type { Logger } from '../log.js';
import { toolCall } from './server.js';
import type { ToolContext } from './tool.js';

export interface LoneCall {
  id: string | number;
  name: string;
  args: Record<string, unknown>;
  run: NonNullable<ReturnType<typeof toolCall>>;
}

/** A lone tools/call of a known tool with object (or no) arguments, else undefined. */
export function loneToolCall(message: unknown): LoneCall | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: unknown };
  if (m.jsonrpc !== '2.0' || m.method !== 'tools/call' || (typeof m.id !== 'string' && typeof m.id !== 'number'))
    return undefined;
  if (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params)) return undefined;
  const { name, arguments: args } = m.params as { name?: unknown; arguments?: unknown };
  const run = typeof name === 'string' ? toolCall(name) : undefined;
  if (!run) return undefined;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return undefined;
  return { id: m.id, name: name as string, args: (args ?? {}) as Record<string, unknown>, run };
}

/** The last success written, up to its id: a kept answer's text is the same string until its data changes. */
let last: { text: string; head: Buffer } | null = null;

/**
 * The JSON-RPC answer to `lone`, and the tool's error code if it failed. A success is written around the answer's JSON
 * once: `structuredContent` is that JSON and `text` the same JSON as a string, as the specification asks.
 */
export async function answerToolCall(
  lone: LoneCall,
  ctx: ToolContext,
  log: Logger,
): Promise<{ body: Buffer; error?: string }> {
  const { result, error } = await lone.run(lone.args, ctx, log);
  const tail = Buffer.from(`${JSON.stringify(lone.id)}}`);
  if (result.isError || result.structuredContent === undefined)
    return {
      body: Buffer.concat([Buffer.from(`{"result":${JSON.stringify(result)},"jsonrpc":"2.0","id":`), tail]),
      error,
    };
  const text = (result.content[0] as { text: string }).text;
  if (last?.text !== text)
    last = {
      text,
      head: Buffer.from(
        `{"result":{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}},"jsonrpc":"2.0","id":`,
      ),
    };
  return { body: Buffer.concat([last.head, tail]) };
}
