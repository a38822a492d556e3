// Reading the fields of one item of a source's payload: each read checks its field and names what is wrong, so a
// malformed item is skipped with a reason instead of being half-read.
import { ENTITY_TYPES, type EntityType, entityRef, parseEntityFilter, type Ref } from '../refs.js';
import { parseDay } from '../time.js';
import type { SkippedItem } from './provenance.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** Why one item of a payload cannot be read. */
export class ItemError extends Error {}

type Obj = Record<string, unknown>;

/** A plain decimal number as text: no hex, no blanks, no Infinity. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A JSON number, or a decimal number sent as text ("0.4200", "1.5e3"), as a number; NaN for anything else. */
export function decimalOf(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'string' && DECIMAL.test(v) ? Number(v) : NaN;
}

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of one item, read one by one; each read throws an ItemError naming the field. */
export class Fields {
  constructor(private readonly item: Obj) {}

  static of(value: unknown): Fields {
    if (!isObject(value)) throw new ItemError('is not an object');
    return new Fields(value);
  }

  /** A non-empty string of at most `max` characters (trimmed). */
  text(name: string, max: number): string {
    const v = this.item[name];
    if (typeof v !== 'string' || !v.trim()) throw new ItemError(`${name}: expected a non-empty string`);
    if (v.length > max) throw new ItemError(`${name}: longer than ${max} characters`);
    if (v.includes('\0')) throw new ItemError(`${name}: holds a NUL character`);
    return v.trim();
  }

  /** Like text, or null when the field is absent, null or empty. */
  optionalText(name: string, max: number): string | null {
    const v = this.item[name];
    if (v === undefined || v === null || v === '') return null;
    return this.text(name, max);
  }

  /** An integer from `min` to `max`. */
  integer(name: string, min: number, max: number): number {
    const v = this.item[name];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      throw new ItemError(`${name}: expected an integer from ${min} to ${max}`);
    return v;
  }

  boolean(name: string): boolean {
    const v = this.item[name];
    if (typeof v !== 'boolean') throw new ItemError(`${name}: expected true or false`);
    return v;
  }

  /** One of `values`. */
  oneOf<T extends string>(name: string, values: readonly T[]): T {
    const v = this.item[name];
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
      throw new ItemError(`${name}: expected one of ${values.join(', ')}`);
    return v as T;
  }

  /**
   * An ISO 8601 instant with its offset, as epoch ms. A space for the `T` and an hour-only offset (`+00`), as some
   * sources write them, are read too.
   */
  instant(name: string): number {
    const v = this.text(name, 40)
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00');
    const ms = /(Z|[+-]\d{2}:?\d{2})$/.test(v) ? Date.parse(v) : NaN;
    if (!Number.isFinite(ms)) throw new ItemError(`${name}: expected an ISO 8601 timestamp with its offset`);
    return ms;
  }

  /** Like instant, or null when the field is absent, null or empty. */
  optionalInstant(name: string): number | null {
    return this.has(name) ? this.instant(name) : null;
  }

  /** A calendar date (YYYY-MM-DD) as the epoch ms of its UTC midnight. */
  date(name: string): number {
    const v = this.item[name];
    const ms = typeof v === 'string' ? parseDay(v) : null;
    if (ms === null) throw new ItemError(`${name}: expected a date YYYY-MM-DD`);
    return ms;
  }

  /** The same calendar date, as its text: for records that keep dates as dates. */
  isoDate(name: string): string {
    this.date(name);
    return this.item[name] as string;
  }

  /** Like isoDate, or null when the field is absent, null or empty. */
  optionalIsoDate(name: string): string | null {
    return this.has(name) ? this.isoDate(name) : null;
  }

  /** A slug: lower-case letters, digits and inner hyphens, 1 to 80 characters. */
  slug(name: string): string {
    const v = this.item[name];
    if (typeof v !== 'string' || !SLUG.test(v))
      throw new ItemError(`${name}: expected a slug (a-z, 0-9 and inner hyphens, at most 80 characters)`);
    return v;
  }

  /** Like slug, or null when the field is absent, null or empty. */
  optionalSlug(name: string): string | null {
    return this.has(name) ? this.slug(name) : null;
  }

  /** Like integer, or null when the field is absent, null or empty. */
  optionalInteger(name: string, min: number, max: number): number | null {
    return this.has(name) ? this.integer(name, min, max) : null;
  }

  /** Like oneOf, or null when the field is absent, null or empty. */
  optionalOneOf<T extends string>(name: string, values: readonly T[]): T | null {
    return this.has(name) ? this.oneOf(name, values) : null;
  }

  /** A finite number from `min` to `max`, sent as a JSON number or as a decimal string ("0.4200", "1.5e3"). */
  decimal(name: string, min = -Infinity, max = Infinity): number {
    const n = decimalOf(this.item[name]);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new ItemError(`${name}: expected a number from ${min} to ${max}`);
    return n;
  }

  /** Like decimal, or null when the field is absent, null or empty. */
  optionalDecimal(name: string, min = -Infinity, max = Infinity): number | null {
    return this.has(name) ? this.decimal(name, min, max) : null;
  }

  /** Whether the field is sent with a value (not absent, null or an empty string). */
  has(name: string): boolean {
    const v = this.item[name];
    return v !== undefined && v !== null && v !== '';
  }

  /** The field as sent, for a reader of a source's own encoding of it (which checks it). */
  raw(name: string): unknown {
    return this.item[name];
  }

  /** The nested object `name` read by `read`; what is wrong inside it is named with its path (`price.close`). */
  nested<T>(name: string, read: (f: Fields) => T): T {
    const v = this.item[name];
    if (!isObject(v)) throw new ItemError(`${name}: expected an object`);
    return within(name, () => read(new Fields(v)));
  }

  /** The list of objects `name`, each read by `read`; one that cannot be read fails the whole item (`tokens[1].price`). */
  list<T>(name: string, read: (f: Fields) => T): T[] {
    const v = this.item[name];
    if (!Array.isArray(v)) throw new ItemError(`${name}: expected a list`);
    return v.map((raw, k) => {
      if (!isObject(raw)) throw new ItemError(`${name}[${k}]: expected an object`);
      return within(`${name}[${k}]`, () => read(new Fields(raw)));
    });
  }

  /** Like list, or empty when the field is absent or null. */
  optionalList<T>(name: string, read: (f: Fields) => T): T[] {
    return this.item[name] === undefined || this.item[name] === null ? [] : this.list(name, read);
  }

  /** An absolute http(s) URL. */
  url(name: string): string {
    const v = this.text(name, 2000);
    if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v)) throw new ItemError(`${name}: expected an http(s) URL`);
    return v;
  }

  /** Like url, or null when absent. */
  optionalUrl(name: string): string | null {
    return this.item[name] === undefined || this.item[name] === null ? null : this.url(name);
  }

  /** An array of strings of at most `max` characters each. */
  texts(name: string, max: number): string[] {
    const v = this.item[name] ?? [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.length > max))
      throw new ItemError(`${name}: expected a list of strings`);
    return (v as string[]).map((s) => s.trim()).filter(Boolean);
  }

  /** A list of `{type, id, name}` entities as references with the service's site paths. */
  entities(name: string): Ref[] {
    const v = this.item[name] ?? [];
    if (!Array.isArray(v)) throw new ItemError(`${name}: expected a list of entities`);
    return v.map((raw, k) => {
      const e = Fields.of(raw);
      const type = e.oneOf('type', ENTITY_TYPES) as EntityType;
      const id = e.text('id', 161);
      if (parseEntityFilter(`${type}:${id}`).problems.length)
        throw new ItemError(`${name}[${k}]: ${JSON.stringify(id)} is not a valid ${type} key`);
      return entityRef(type, id, e.text('name', 300));
    });
  }
}

/** What `read` gives, an ItemError inside it named with `path` in front. */
function within<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ItemError) throw new ItemError(`${path}.${err.message}`);
    throw err;
  }
}

/**
 * Each item of a payload's list `name` read by `read` from its fields (and its index); an item that cannot be read is
 * left out and reported with where it was and why, the others kept.
 */
export function readItems<T>(
  items: unknown[],
  name: string,
  read: (f: Fields, k: number) => T,
): { records: T[]; skipped: SkippedItem[] } {
  return readEach(items, name, (raw, k) => read(Fields.of(raw), k));
}

/** Each item of a list `name` (JSON values, XML elements...) read by `read`; one that throws an ItemError is left out and reported. */
export function readEach<I, T>(
  items: readonly I[],
  name: string,
  read: (item: I, k: number) => T,
): { records: T[]; skipped: SkippedItem[] } {
  const records: T[] = [];
  const skipped: SkippedItem[] = [];
  items.forEach((item, k) => {
    try {
      records.push(read(item, k));
    } catch (err) {
      if (!(err instanceof ItemError)) throw err;
      skipped.push({ item: `${name}[${k}]`, reason: err.message });
    }
  });
  return { records, skipped };
}
