// Reading the fields of one item of a source's payload: each read checks its field and names what is wrong, so a
// malformed item is skipped with a reason instead of being half-read.
import { ENTITY_TYPES, entityRef, parseEntityFilter, type EntityType, type Ref } from '../refs.js';
import { parseInstant } from '../time.js';
import type { SkippedItem } from './records.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

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

  /** Like integer, or null when absent or null. */
  optionalInteger(name: string, min: number, max: number): number | null {
    const v = this.item[name];
    return v === undefined || v === null ? null : this.integer(name, min, max);
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

  /** A number from `min` to `max`, or null when absent or null. */
  optionalNumber(name: string, min: number, max: number): number | null {
    const v = this.item[name];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw new ItemError(`${name}: expected a number from ${min} to ${max}`);
    return v;
  }

  /** A finite number. */
  number(name: string): number {
    const v = this.item[name];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ItemError(`${name}: expected a number`);
    return v;
  }

  /** A calendar date YYYY-MM-DD that exists, or null when absent or null. */
  optionalDate(name: string): string | null {
    const v = this.item[name];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' || v.length !== 10 || !parseInstant(v)?.dateOnly) throw new ItemError(`${name}: expected a date YYYY-MM-DD`);
    return v;
  }

  date(name: string): string {
    const v = this.optionalDate(name);
    if (v === null) throw new ItemError(`${name}: expected a date YYYY-MM-DD`);
    return v;
  }

  /** A slug: lower-case letters, digits and inner hyphens, 1 to 80 characters. */
  slug(name: string): string {
    const v = this.item[name];
    if (typeof v !== 'string' || !SLUG.test(v)) throw new ItemError(`${name}: expected a slug (a-z, 0-9 and inner hyphens, at most 80 characters)`);
    return v;
  }

  optionalSlug(name: string): string | null {
    const v = this.item[name];
    return v === undefined || v === null ? null : this.slug(name);
  }

  /**
   * The objects of list `name` read by `read`, in order (an absent list is empty). A bad entry makes the whole item
   * unreadable: its parts are one record, never half-kept.
   */
  list<T>(name: string, read: (f: Fields) => T): T[] {
    const v = this.item[name] ?? [];
    if (!Array.isArray(v)) throw new ItemError(`${name}: expected a list`);
    return v.map((raw, k) => {
      try {
        return read(Fields.of(raw));
      } catch (err) {
        if (err instanceof ItemError) throw new ItemError(`${name}[${k}]: ${err.message}`);
        throw err;
      }
    });
  }

  /** Like oneOf, or null when absent or null. */
  optionalOneOf<T extends string>(name: string, values: readonly T[]): T | null {
    const v = this.item[name];
    return v === undefined || v === null ? null : this.oneOf(name, values);
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
  const records: T[] = [];
  const skipped: SkippedItem[] = [];
  items.forEach((raw, k) => {
    try {
      records.push(read(Fields.of(raw)));
    } catch (err) {
      if (!(err instanceof ItemError)) throw err;
      skipped.push({ item: `${name}[${k}]`, reason: err.message });
    }
  });
  return { records, skipped };
}
