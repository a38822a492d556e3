// WebSocket framing of the stream: the same messages and ids as Server-Sent Events, each one JSON text frame, and the
// client's requests (subscribe, unsubscribe) read from its frames.

/** One message. `json` comes from JSON.stringify: it is the `data:` line SSE sends, embedded as it is. */
export function wsMessage(event: string, id: number, json: string): string {
  return `{"type":"${event}","id":"${id}","data":${json}}`;
}

const SSE_FRAME = /^id: (\d+)\nevent: (\w+)\ndata: (.*)\n\n$/s;

/** The WebSocket frame of a message kept for replay as its SSE frame (core/stream/sse.ts sseMessage). */
export function wsFromSse(frame: Buffer): string {
  const m = SSE_FRAME.exec(frame.toString());
  if (!m) throw new Error(`not an SSE message: ${frame.toString().slice(0, 60)}`);
  return wsMessage(m[2]!, Number(m[1]), m[3]!);
}

/** A frame that is not a message but says something of the connection itself: an ack, `closed`. */
export function wsNotice(type: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ type, ...fields });
}

export type WsRequest =
  | { op: 'subscribe'; topics: string[]; from: string | null }
  | { op: 'unsubscribe'; topics: string[] };

/** Longest `from` read: ids are at most 16 digits; anything longer is not one and is answered as an unknown id. */
const MAX_FROM_CHARS = 64;

/** A client's frame as a request, or why it is not one. */
export function parseWsRequest(text: string): WsRequest | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'a frame must be JSON: {"op":"subscribe","topics":["quotes"]}' };
  }
  const { op, topics, from } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (op !== 'subscribe' && op !== 'unsubscribe')
    return { problem: `"op" must be "subscribe" or "unsubscribe", not ${JSON.stringify(op ?? null).slice(0, 40)}` };
  if (!Array.isArray(topics) || !topics.length || !topics.every((x) => typeof x === 'string'))
    return { problem: '"topics" must be a non-empty array of strings: quotes, events, instrument:<symbol>' };
  if (op === 'unsubscribe') return { op, topics };
  if (from !== undefined && from !== null && typeof from !== 'string')
    return { problem: '"from" must be a message id as a string' };
  return { op, topics, from: typeof from === 'string' ? from.slice(0, MAX_FROM_CHARS) : null };
}
