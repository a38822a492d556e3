// The shelf of a cache under the kept answers' budget (server/services/kept/kept-answers.ts) over a Map kept in least
// recently asked order: each entry carries the stamp of its last ask, and dropping one is the cache's own forgetting.

export interface MapShelf {
  /** The stamp of the least recently asked entry; Infinity when there is none. */
  oldestStamp(): number;
  dropOldest(): void;
  /** Drops the entries stamped `stamp` or before. */
  dropIdle(stamp: number): void;
}

export function mapShelf<K, V>(
  map: Map<K, V>,
  stampOf: (value: V) => number,
  drop: (key: K, value: V) => void,
): MapShelf {
  return {
    oldestStamp() {
      const first = map.values().next();
      return first.done ? Infinity : stampOf(first.value);
    },
    dropOldest() {
      const first = map.entries().next();
      if (!first.done) drop(...first.value);
    },
    dropIdle(stamp) {
      for (const [key, value] of map) {
        if (stampOf(value) > stamp) return;
        drop(key, value);
      }
    },
  };
}
