// The broker's settings: the Redis that joins the ingest and api processes of a scale-out (TAPEWIRE_ROLE). Checked at
// start like every other setting, so a typo is a configuration problem rather than a reconnect loop.
import type { EnvReader } from './env-reader.js';

export interface BrokerConfig {
  /** redis:// or rediss:// (TLS), with its user, password and database index if any; null: no broker. */
  redisUrl: string | null;
}

export function readBroker(r: EnvReader): BrokerConfig {
  const raw = r.env.REDIS_URL;
  if (!raw) return { redisUrl: null };
  // The value is never echoed: it may hold a password.
  const problem = redisUrlProblem(raw);
  if (problem) r.problems.push(`REDIS_URL: ${problem}`);
  return { redisUrl: problem ? null : raw };
}

function redisUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'expected a redis:// or rediss:// URL, such as redis://127.0.0.1:6379';
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    return `expected a redis:// or rediss:// URL (rediss: TLS), not ${url.protocol}//`;
  if (!url.hostname) return 'names no host';
  if (url.port === '0') return 'port 0 is not a port a server listens on';
  if (!/^\/?(\d{1,5})?$/.test(url.pathname))
    return `the path is a database index (/0, /1, ...), not ${JSON.stringify(url.pathname.slice(0, 40))}`;
  if (url.search || url.hash) return 'expected no query or fragment after the host and database index';
  return null;
}
