// tools/list answered from bytes made once per process, without the per-request SDK server: its result never changes,
// and it is the largest answer one message can ask for (an agent's first call, and a flood's favourite: 2.4 ms of main
// thread and 2.5 ms of compression each through the SDK). Only a lone tools/list the transport would take goes this
// way; anything else, errors included, is the SDK's to answer.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { compress, type Encoding } from '../http/compress.js';
import { LISTING_JSON } from './server.js';

/** Compressed answers kept, by encoding and request id: clients number their requests from 1, so a few cover most. */
const KEPT = 64;
const kept = new Map<string, Promise<Buffer>>();

/** The id of a lone tools/list request (an object with a string or number id), else undefined. */
export function toolsListId(message: unknown): string | number | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: unknown };
  if (m.jsonrpc !== '2.0' || m.method !== 'tools/list' || (typeof m.id !== 'string' && typeof m.id !== 'number'))
    return undefined;
  // A cursor asks for a page the SDK path answers (there is one page): not taken here.
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || 'cursor' in m.params))
    return undefined;
  return m.id;
}

/** Whether the transport would take the request as it takes any POST (Accept, Content-Type, protocol version). */
export function transportTakes(header: (name: string) => string): boolean {
  const accept = header('accept');
  const version = header('mcp-protocol-version');
  return (
    accept.includes('application/json') &&
    accept.includes('text/event-stream') &&
    header('content-type').includes('application/json') &&
    (!version || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

/** The answer's body for request `id`, in `encoding` (kept) or as it is. */
export function listingBody(id: string | number, encoding: Encoding | null): Buffer | Promise<Buffer> {
  const json = Buffer.from(`{"result":${LISTING_JSON},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`);
  if (!encoding) return json;
  const key = `${encoding} ${JSON.stringify(id)}`;
  let packed = kept.get(key);
  if (!packed) {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    packed = compress(json, encoding);
    packed.catch(() => kept.delete(key));
    kept.set(key, packed);
  }
  return packed;
}
