// Bytes kept by the object they were written from. A service hands back the same object while its data is unchanged
// (a kept page, a tick's strip, a stored series), so the bytes written from it once serve every request until the
// service builds a new one, and are dropped with the old one: the object is the data version.
export class KeptBytes<T extends object, B = Buffer> {
  private readonly bytes = new WeakMap<T, B>();

  constructor(private readonly write: (value: T) => B) {}

  of(value: T): B {
    let body = this.bytes.get(value);
    if (body === undefined) this.bytes.set(value, (body = this.write(value)));
    return body;
  }
}
