// Which browser pages may call /mcp (the MCP transport requires the Origin header to be checked, against DNS
// rebinding): requests without an Origin (not from a browser), pages of this machine, and the origins listed.
import { isLoopback } from '../access-mode.js';

export function originAllowed(origin: string, listed: ReadonlySet<string>): boolean {
  if (!origin) return true;
  const given = origin.toLowerCase();
  if (listed.has(given)) return true;
  try {
    const url = new URL(given);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === given && isLoopback(url.hostname);
  } catch {
    return false;
  }
}
