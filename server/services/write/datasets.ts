// The world the database holds, in its `dataset` setting: checked before a writer of one origin writes (an import,
// or the sources a start runs) and recorded once it has, so that /v1/meta and every page say which world they show.
import {
  type DatasetWorld,
  type Origin,
  WORLD_DESCRIPTIONS,
  worldAfter,
  worldRefusal,
} from '../../../core/dataset-world.js';
import type { Dataset } from '../../../core/schemas/meta.js';
import { clock } from '../../clock.js';
import type { Db } from '../../db.js';

/** A write refused because it would mix worlds; its message names the ways forward. */
export class WorldRefusedError extends Error {}

/** The `dataset` setting: the demo's also keeps the seed it was drawn from. */
type Stored = Dataset & { seed?: number };

export class DatasetService {
  constructor(private readonly db: Db) {}

  /** The dataset the database holds, null before any writer recorded one. */
  async held(): Promise<Stored | null> {
    const [setting] = await this.db.rows<{ value: Stored }>('getSetting', { key: 'dataset' });
    return setting?.value ?? null;
  }

  /** Throws WorldRefusedError when a writer of any of `origins` may not write here without `mix` (`how` asks for it). */
  async refuse(origins: readonly Origin[], mix: boolean, how: string): Promise<void> {
    const held = (await this.held())?.name as DatasetWorld | undefined;
    for (const origin of origins) {
      const why = worldRefusal(held ?? null, origin, mix, how);
      if (why) throw new WorldRefusedError(why);
    }
  }

  /**
   * Records the world `origins` made of the database by writing into it. The demo's first load records its own
   * dataset with the universe it writes, in one transaction, so that a load cut short is loaded again.
   */
  async record(origins: readonly Origin[], mix: boolean, nowMs = clock.now()): Promise<void> {
    const held = await this.held();
    const before = (held?.name as DatasetWorld | undefined) ?? null;
    const after = origins.reduce<DatasetWorld | null>((w, o) => worldAfter(w, o, mix), before);
    if (after === null || after === before) return;
    const loadedAt = held?.loadedAt ?? new Date(nowMs).toISOString();
    await this.db.rows('setSetting', {
      key: 'dataset',
      value: { ...held, name: after, description: WORLD_DESCRIPTIONS[after], loadedAt },
    });
  }

  /** Runs `write` once `origin` may write here, then records the world it made when it wrote anything. */
  async writing<T>(
    origin: Origin,
    mix: boolean,
    how: string,
    write: () => Promise<T>,
    wrote: (result: T) => boolean,
  ): Promise<T> {
    await this.refuse([origin], mix, how);
    const result = await write();
    if (wrote(result)) await this.record([origin], mix);
    return result;
  }
}
