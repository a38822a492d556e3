// Which part of the service this process runs: all of it (the default), or one role of a scale-out, ingest or api,
// which hand each other the market, the stream, the data versions and the rate limits through a broker (REDIS_URL).
import { hostname } from 'node:os';
import type { EnvReader } from './env-reader.js';

const ROLES = ['all', 'ingest', 'api'] as const;

export type Role = (typeof ROLES)[number];

export interface RoleConfig {
  /** `all` runs the ingest part (feeds, tick loop, writes, moves, jobs) and the api part (HTTP, SSE, MCP, pages). */
  role: Role;
  /** This process among a scale-out's nodes: in X-Tapewire-Node, /v1/meta's cluster and the logs. */
  node: string;
}

export function readRole(r: EnvReader, broker: { redisUrl: string | null }): RoleConfig {
  const raw = r.env.TAPEWIRE_ROLE || 'all';
  const node = r.env.TAPEWIRE_NODE || `${hostname()}-${process.pid}`;
  if (!/^[\w.:-]{1,64}$/.test(node))
    r.problems.push('TAPEWIRE_NODE: expected at most 64 letters, digits and . _ : -, a name for this process');
  const role = ROLES.find((known) => known === raw);
  if (!role) {
    r.problems.push(`TAPEWIRE_ROLE=${JSON.stringify(raw)}: expected one of ${ROLES.join(', ')}`);
    return { role: 'all', node };
  }
  // A role alone would serve a market nobody feeds, or feed one nobody serves: the broker joins them.
  if (role !== 'all' && !broker.redisUrl)
    r.problems.push(
      `TAPEWIRE_ROLE=${role} needs REDIS_URL, the broker between the ingest and api processes ` +
        '(or run TAPEWIRE_ROLE=all, the default: ingest and api in one process)',
    );
  return { role, node };
}
