// One abort listener per signal, however many waits share it. A request's signal is handed to every query, kept answer
// and worker task it waits on, dozens at once (the macro dashboard's 22 series): one listener each on the signal
// passed Node's 10 and printed MaxListenersExceededWarning. Raising the limit hid the count; this removes it.

const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/** The waits on `signal`, behind the one listener that calls them. */
function waitsOn(signal: AbortSignal): Set<() => void> {
  let waits = waiting.get(signal);
  if (!waits) {
    const added = new Set<() => void>();
    signal.addEventListener('abort', () => added.forEach((wait) => wait()), { once: true });
    waiting.set(signal, added);
    waits = added;
  }
  return waits;
}

/** Calls `listener` once when `signal` aborts; returns the function that forgets it (call it when the wait ends). */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  const waits = waitsOn(signal);
  // Wrapped, so that one function waiting twice is called twice, as two listeners would be.
  const wait = () => {
    waits.delete(wait);
    listener();
  };
  waits.add(wait);
  return () => waits.delete(wait);
}
