// The in-process change signal: a counter per dataset, bumped by this process's writes and read by its kept answers.
import type { ChangeSignal, DataVersions } from './ports/index.js';

/**
 * The version of one dataset answers are built from (stories, catalysts and moves, ...): bumped whenever its rows
 * change. A bump may name the keys whose data changed (a company's CIK), for answers built from one key's data alone.
 */
export class DataVersion implements ChangeSignal {
  private value = 0;
  private readonly ofKey = new Map<string, number>();

  bump(keys?: Iterable<string>): void {
    this.value++;
    if (keys) for (const key of keys) this.ofKey.set(key, this.value);
  }

  get current(): number {
    return this.value;
  }

  /** The version at which a bump last named `key`. */
  of(key: string): number {
    return this.ofKey.get(key) ?? 0;
  }
}

/** The datasets of DataVersions, for the implementations that hold one signal each. */
export const DATASETS = [
  'stories',
  'entities',
  'macro',
  'odds',
  'sec',
] as const satisfies readonly (keyof DataVersions)[];
export type Dataset = (typeof DATASETS)[number];

/** One version per dataset, all starting at 0. */
export function localDataVersions(): DataVersions {
  return Object.fromEntries(DATASETS.map((d) => [d, new DataVersion()])) as Record<Dataset, DataVersion>;
}
