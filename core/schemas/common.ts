// Shapes shared by every route: entity references, pages, the list and single envelopes, the error body.
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { ERROR_CODES } from '../errors.js';

/** A string limited to `values`, as a plain JSON Schema enum (one clear validation message, cheap to serialize). */
export function StringEnum<T extends string>(values: readonly T[], options: Record<string, unknown> = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

export const EntityRef = Type.Object(
  {
    type: Type.String({ description: 'company, instrument, person, macro, project, sector, ...' }),
    key: Type.String({ description: 'slug, symbol, or company/project' }),
    label: Type.String(),
    path: Type.Union([Type.String(), Type.Null()], { description: 'site path, or null' }),
  },
  { $id: 'EntityRef' },
);

export const Page = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  nextOffset: Type.Union([Type.Integer(), Type.Null()], { description: 'pass as offset for the next page; null at the end' }),
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

