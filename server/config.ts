// Configuration from the environment, read once at start by concern (server/config/: database, sources, HTTP, limits,
// stream, market, demo, role, broker); every invalid value of every concern is reported together.
import { clockShift } from './clock.js';
import { type BrokerConfig, readBroker } from './config/broker.js';
import { type DatabaseConfig, readDatabase } from './config/database.js';
import { type DemoConfig, readDemo } from './config/demo.js';
import { type Env, EnvReader } from './config/env-reader.js';
import { type HttpConfig, readHttp } from './config/http.js';
import { type LimitsConfig, readLimits } from './config/limits.js';
import { type MarketConfig, readMarket } from './config/market.js';
import { type RoleConfig, readRole } from './config/role.js';
import { readSources, type SourcesConfig } from './config/sources.js';
import { readStream, type StreamConfig } from './config/stream.js';

export type Config = DatabaseConfig &
  SourcesConfig &
  HttpConfig &
  LimitsConfig &
  StreamConfig &
  MarketConfig &
  DemoConfig &
  RoleConfig &
  BrokerConfig;

export class ConfigError extends Error {
  override name = 'ConfigError';

  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Env = process.env): Config {
  const r = new EnvReader(env);
  const database = readDatabase(r);
  const broker = readBroker(r);
  const config: Config = {
    ...database,
    ...readSources(r),
    ...readHttp(r, database),
    ...readLimits(r),
    ...readStream(r),
    ...readMarket(r),
    ...readDemo(r, database),
    ...readRole(r, broker),
    ...broker,
  };
  const clockProblem = clockShift(env).problem;
  if (clockProblem) r.problems.push(clockProblem);
  if (r.problems.length) throw new ConfigError(r.problems);
  return config;
}
