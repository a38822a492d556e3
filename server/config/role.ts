// Which part of the service this process runs: all of it (the default), or one role of a scale-out, ingest or api,
// which hand each other the market, the stream, the data versions and the rate limits through a broker.
import type { EnvReader } from './env-reader.js';

const ROLES = ['all', 'ingest', 'api'] as const;

export type Role = (typeof ROLES)[number];

export interface RoleConfig {
  /** `all` runs the ingest part (feeds, tick loop, writes, moves, jobs) and the api part (HTTP, SSE, MCP, pages). */
  role: Role;
}

export function readRole(r: EnvReader): RoleConfig {
  const raw = r.env.TAPEWIRE_ROLE || 'all';
  const role = ROLES.find((known) => known === raw);
  if (!role) {
    r.problems.push(`TAPEWIRE_ROLE=${JSON.stringify(raw)}: expected one of ${ROLES.join(', ')}`);
    return { role: 'all' };
  }
  // A role alone would serve a market nobody feeds, or feed one nobody serves: refused until a broker joins them.
  if (role !== 'all')
    r.problems.push(
      `TAPEWIRE_ROLE=${role} needs REDIS_URL, the broker between the ingest and api processes, which this version ` +
        'does not support yet: run TAPEWIRE_ROLE=all (the default), ingest and api in one process',
    );
  return { role };
}
