// Shapes shared by every route: entity references, pages, the list and single envelopes, the error body.
import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../errors.js';

/** A string limited to `values`, as a plain JSON Schema enum (one clear validation message, cheap to serialize). */
export function StringEnum<T extends string>(values: readonly T[], options: Record<string, unknown> = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

/**
 * `schema` or null, as `type: [T, 'null']` rather than TypeBox's anyOf: fast-json-stringify serializes a type
 * array directly but resolves an anyOf through Ajv on every call (about 5x slower per field).
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  // A copy is another schema: it must not claim the original's $id (serializers refuse two schemas with one id).
  const { $id: _, ...rest } = schema;
  // An enum lists every allowed value, so null must be one of them too.
  const values = rest.enum ? { enum: [...(rest.enum as unknown[]), null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...rest, ...values, type: [schema.type, 'null'] });
}

export const EntityRef = Type.Object(
  {
    type: Type.String({ description: 'company, instrument, person, macro, project, sector, ...' }),
    key: Type.String({ description: 'slug, symbol, or company/project' }),
    label: Type.String(),
    path: Nullable(Type.String({ description: 'site path, or null' })),
  },
  { $id: 'EntityRef' },
);

export const Page = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  nextOffset: Nullable(Type.Integer({ description: 'pass as offset for the next page; null at the end' })),
});

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: StringEnum(ERROR_CODES),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  }),
});

export const Single = <T extends TSchema>(data: T) => Type.Object({ data });
export const List = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), page: Page });
