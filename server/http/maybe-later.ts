// A value at hand or a promise of it, chained without making a promise where there is none: the request path stays
// synchronous while its answer is at hand (a rate-limit lease held here), and waits only when it must be asked for.

/** `next(value)` at once for a value at hand, or once the promised one arrives. */
export function andThen<T, R>(value: T | Promise<T>, next: (v: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
