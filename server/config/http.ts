// The HTTP side's settings: where it listens, who may call without a key, the website, compression, /mcp's origins,
// the log level, how often /v1/meta's snapshot is read again, and how much memory the answers kept for the next asker
// may hold.
import { accessMode } from '../access-mode.js';
import { KEPT_DEFAULTS, type KeptSettings } from '../services/kept/kept-answers.js';
import type { EnvReader } from './env-reader.js';

const MIB = 1024 * 1024;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface HttpConfig {
  port: number;
  host: string;
  anon: boolean;
  /** Why anonymous access is on or off, for the start-up log. */
  anonWhy: string;
  /** The website's pages on this server (per-IP limits, like anonymous callers); see webMode. */
  web: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  allowUwsFallback: boolean;
  metaRefreshS: number;
  /** Bodies at least this large are compressed when the client accepts gzip or br. */
  compressMinBytes: number;
  /** Browser origins allowed to call /mcp besides this machine's own (http(s)://localhost, 127.x, [::1]). */
  mcpAllowedOrigins: string[];
  /** The kept answers' budget, counted as their JSON, and how long one nobody asks for is kept. */
  keptAnswers: KeptSettings;
}

/** Reads the HTTP settings; anonymous access by default depends on the database being the embedded one. */
export function readHttp(r: EnvReader, database: { databaseUrl: string | null }): HttpConfig {
  const logLevel = (r.env.LOG_LEVEL || 'info') as HttpConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel))
    r.problems.push(`LOG_LEVEL=${JSON.stringify(r.env.LOG_LEVEL)}: expected one of ${LOG_LEVELS.join(', ')}`);
  const host = r.env.HOST || '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host))
    r.problems.push(`HOST=${JSON.stringify(host)}: expected a host name or IP address`);
  const access = accessMode(r.env, r.bool('TAPEWIRE_ANON', undefined), host, database.databaseUrl !== null, r.problems);
  return {
    port: r.int('PORT', 8080, 0, 65535),
    host,
    anon: access.anon,
    anonWhy: access.why,
    // Pages read every service without a key: on by default exactly when anonymous access is (a development run on
    // the embedded database, loopback only), off in production unless TAPEWIRE_WEB=1 publishes them on purpose.
    web: r.bool('TAPEWIRE_WEB', access.anon),
    logLevel,
    allowUwsFallback: r.bool('TAPEWIRE_ALLOW_UWS_FALLBACK', false),
    metaRefreshS: r.int('META_REFRESH_S', 30, 1, 86_400),
    compressMinBytes: r.int('COMPRESS_MIN_BYTES', 1024, 0, 1 << 30),
    mcpAllowedOrigins: r.origins('MCP_ALLOWED_ORIGINS'),
    keptAnswers: {
      budgetBytes: r.int('KEPT_ANSWERS_MB', KEPT_DEFAULTS.budgetBytes / MIB, 0, 65_536) * MIB,
      idleMs: r.int('KEPT_ANSWERS_IDLE_S', KEPT_DEFAULTS.idleMs / 1000, 1, 86_400) * 1000,
    },
  };
}
