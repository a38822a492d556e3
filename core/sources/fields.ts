// Reading the fields of one item of a source's payload: each read checks its field and names what is wrong, so a
// malformed item is skipped with a reason instead of being half-read.
import { ENTITY_TYPES, entityRef, parseEntityFilter, type EntityType, type Ref } from '../refs.js';
import type { SkippedItem } from './records.js';

/** Why one item of a payload cannot be read. */
export class ItemError extends Error {}

type Obj = Record<string, unknown>;

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
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new ItemError(`${name}: expected an integer from ${min} to ${max}`);
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
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw new ItemError(`${name}: expected one of ${values.join(', ')}`);
    return v as T;
  }

  /** An ISO 8601 instant with its offset, as epoch ms. */
  instant(name: string): number {
    const v = this.text(name, 40);
    const ms = /(Z|[+-]\d{2}:?\d{2})$/.test(v) ? Date.parse(v) : NaN;
    if (!Number.isFinite(ms)) throw new ItemError(`${name}: expected an ISO 8601 timestamp with its offset`);
    return ms;
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
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.length > max)) throw new ItemError(`${name}: expected a list of strings`);
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
      if (parseEntityFilter(`${type}:${id}`).problems.length) throw new ItemError(`${name}[${k}]: ${JSON.stringify(id)} is not a valid ${type} key`);
      return entityRef(type, id, e.text('name', 300));
    });
  }
}

/**
 * Each item of a payload's list `name` read by `read` from its fields; an item that cannot be read is left out and
 * reported with where it was and why, the others kept.
 */
export function readItems<T>(items: unknown[], name: string, read: (f: Fields) => T): { records: T[]; skipped: SkippedItem[] } {
  return readEach(items, name, (raw) => read(Fields.of(raw)));
}

/** Like readItems, for items of any shape (a venue's candles are arrays): `read` throws an ItemError for what it cannot read. */
export function readEach<I, T>(items: readonly I[], name: string, read: (item: I, k: number) => T): { records: T[]; skipped: SkippedItem[] } {
  const records: T[] = [];
  const skipped: SkippedItem[] = [];
  items.forEach((raw, k) => {
    try {
      records.push(read(raw, k));
    } catch (err) {
      if (!(err instanceof ItemError)) throw err;
      skipped.push({ item: `${name}[${k}]`, reason: err.message });
    }
  });
  return { records, skipped };
}
