// Runs `work` on every item with at most `width` in flight: a test walking thousands of paths one by one waits on each
// round trip, while the server could be answering the next (its database works on its own thread).
export async function eachAtOnce<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
