// What a function throws, to check its class (tap's t.throws compares a class as a pattern, not with instanceof).
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}
