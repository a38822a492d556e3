// Every source Tapewire knows, by name: the import command finds a source's parser here, and start-up the sources
// that run (from config) with their feeds. A new source adds its parser in core/sources/<name>/, its feeds in
// server/feeds/<name>/, and one entry here.
import type { Config } from '../config.js';
import { calendarSource } from './calendars/index.js';
import { demoSource } from './demo/index.js';
import { fredSource } from './fred/index.js';
import { kalshiSource } from './kalshi/index.js';
import { newsSource } from './news/index.js';
import { polymarketSource } from './polymarket/index.js';
import { profilesSource } from './profiles/index.js';
import { secSource } from './sec/index.js';
import type { Source } from './source.js';
import { venuesSource } from './venues/index.js';

export const SOURCES: readonly Source[] = [
  demoSource,
  profilesSource,
  fredSource,
  polymarketSource,
  kalshiSource,
  secSource,
  venuesSource,
  newsSource,
  calendarSource,
];

export function sourceNamed(name: string): Source | null {
  return SOURCES.find((s) => s.name === name) ?? null;
}

/** The sources configured to run, in registry order. */
export function runningSources(config: Config): Source[] {
  return SOURCES.filter((s) => s.settings(config).on);
}
