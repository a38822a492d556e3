// Server-Sent Events framing: every message is serialized once into these bytes and written as-is to every reader.

/** A comment line, which EventSource ignores: keeps proxies and idle-timeouts from closing a quiet stream. */
export const HEARTBEAT = ': heartbeat\n\n';

/** One message. `json` comes from JSON.stringify, which escapes newlines, so it is always a single data line. */
export function sseMessage(event: string, id: number, json: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${json}\n\n`;
}

/** The first bytes of a stream: how long a client waits before reconnecting, in ms. */
export function sseOpening(retryMs: number): string {
  return `retry: ${retryMs}\n\n`;
}

/** A `Last-Event-ID` as a message id, or null when it is not one this service writes (a non-negative integer). */
export function parseLastEventId(header: string): number | null {
  if (!/^\d{1,16}$/.test(header)) return null;
  const id = Number(header);
  return Number.isSafeInteger(id) ? id : null;
}
