// Small helpers over collections that several modules share.

/** `items` grouped by `key`, in the order given; items whose key is null are left out. */
export function groupBy<T>(items: Iterable<T>, key: (item: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
