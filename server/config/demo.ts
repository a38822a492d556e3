// The demo universe's settings: whether it loads (by default on the embedded database without a sources file), its
// seed, how much 1m history it writes, and how often it publishes routine stories.
import type { EnvReader } from './env-reader.js';

export interface DemoConfig {
  /** Load the seeded demo universe on first start (an empty database). */
  demo: boolean;
  demoSeed: number;
  /** Seconds between the routine stories the running demo publishes; 0 publishes none. */
  demoNewsEveryS: number;
  /** Days of 1m history the demo writes before today: 1 to 14, by default 14 (the interface's largest 1m pull). */
  demoMinuteDays: number;
}

/** 14 days of 1m bars: 20,160, the interface's largest 1m pull, all held in memory. */
export const DEMO_MINUTE_DAYS_DEFAULT = 14;

export function readDemo(r: EnvReader, database: { databaseUrl: string | null }): DemoConfig {
  return {
    // A sources file replaces the demo unless both are asked for.
    demo: r.bool('TAPEWIRE_DEMO', !database.databaseUrl && !r.env.TAPEWIRE_SOURCES),
    demoSeed: r.int('DEMO_SEED', 20261121, 0, 4_294_967_295),
    demoMinuteDays: r.int('DEMO_MINUTE_DAYS', DEMO_MINUTE_DAYS_DEFAULT, 1, 14),
    demoNewsEveryS: r.int('DEMO_NEWS_EVERY_S', 300, 0, 86_400),
  };
}
