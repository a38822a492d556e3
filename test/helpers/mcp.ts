// An MCP client of a test server through the SDK's own Client and Streamable HTTP transport, with the checks every
// tool answer must pass: structuredContent valid against the tool's outputSchema, the same JSON as text, and under
// 25,000 tokens as a real tokenizer counts them (gpt-tokenizer, o200k_base).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { countTokens } from 'gpt-tokenizer';
import type { Test } from 'tap';
import type { ServerHandle } from '../../harness/server.js';

export type Json = Record<string, any>;
export const TOKEN_LIMIT = 25_000;
export const tokens = (text: string) => countTokens(text);

export interface McpSession {
  client: Client;
  tools: Tool[];
  byName: Map<string, Tool>;
  /** Calls a tool and checks what every answer must be; returns its structured content. */
  call(name: string, args: Json): Promise<Json>;
  /** Calls a tool that must fail; returns its error. */
  toolError(name: string, args: Json): Promise<{ code: string; message: string }>;
  /** The HTTP route's JSON with the same key (a non-200 throws). */
  http(path: string): Promise<Json>;
}

export async function connectMcp(t: Test, server: Pick<ServerHandle, 'url' | 'get'>, key: string): Promise<McpSession> {
  const client = new Client({ name: 'tapewire-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  t.teardown(() => client.close());
  const { tools } = await client.listTools();
  const byName = new Map<string, Tool>(tools.map((tool) => [tool.name, tool]));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // Compiled when first needed: compiling every schema at once can keep the connection idle past the server's idle
  // timeout (10 s on a busy machine), and the client would then send on a socket the server is closing.
  const validators = new Map<string, ValidateFunction>();
  const validator = (name: string) =>
    validators.get(name) ?? validators.set(name, ajv.compile(byName.get(name)!.outputSchema!)).get(name)!;

  return {
    client,
    tools,
    byName,
    async call(name, args) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = (result.content[0] as { text: string }).text;
      if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${text}`);
      const validate = validator(name);
      if (!validate(result.structuredContent)) throw new Error(`${name}: ${ajv.errorsText(validate.errors)}`);
      if (text !== JSON.stringify(result.structuredContent))
        throw new Error(`${name}: the text is not the structured content's JSON`);
      if (tokens(text) >= TOKEN_LIMIT) throw new Error(`${name} ${JSON.stringify(args)}: ${tokens(text)} tokens`);
      return result.structuredContent as Json;
    },
    async toolError(name, args) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      if (!result.isError) throw new Error(`${name} ${JSON.stringify(args)} did not fail`);
      return JSON.parse((result.content[0] as { text: string }).text).error;
    },
    async http(path) {
      const res = await server.get(path, { key });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return (await res.json()) as Json;
    },
  };
}
