// The limits on callers: requests per minute for keys and for anonymous IPs, how many callers are tracked, and how
// soon a key created or revoked elsewhere takes effect.
import type { EnvReader } from './env-reader.js';

export interface LimitsConfig {
  keyRpm: number;
  anonRpm: number;
  maxRateClients: number;
  keyReloadS: number;
}

export function readLimits(r: EnvReader): LimitsConfig {
  return {
    keyRpm: r.int('RATE_LIMIT_RPM', 600, 1, 100_000_000),
    anonRpm: r.int('RATE_LIMIT_ANON_RPM', 120, 1, 100_000_000),
    maxRateClients: r.int('RATE_LIMIT_MAX_CLIENTS', 100_000, 100, 10_000_000),
    keyReloadS: r.int('KEY_RELOAD_S', 15, 1, 86_400),
  };
}
