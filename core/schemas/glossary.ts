// The glossary: each term in a line, and one term's entry.
import { type Static, Type } from '@sinclair/typebox';
import { EntityRef, Nullable } from './common.js';

const TermFields = {
  type: Type.String({ description: 'glossary' }),
  key: Type.String({ description: 'the slug' }),
  label: Type.String({ description: 'the term' }),
  path: Nullable(Type.String()),
  slug: Type.String(),
  term: Type.String(),
  short: Type.String({ description: 'one sentence' }),
};
export const GlossaryTerm = Type.Object(TermFields);
export type GlossaryTerm = Static<typeof GlossaryTerm>;

export const GlossaryEntry = Type.Object({ ...TermFields, body: Type.String(), related: Type.Array(EntityRef) });
export type GlossaryEntry = Static<typeof GlossaryEntry>;

export const GlossaryParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 120 }) });
