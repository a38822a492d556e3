// GET /v1/glossary and /v1/glossary/{slug}: the terms the service uses, in its own words.
import { Type } from '@sinclair/typebox';
import { GLOSSARY } from '../../core/glossary.js';
import { glossaryRef } from '../../core/refs.js';
import { notFound } from '../../core/errors.js';
import { EntityRef, List, Nullable, Single, wholeList } from '../../core/schemas/common.js';
import { defineRoute, type Route } from '../http/router.js';

const TermFields = {
  type: Type.String({ description: 'glossary' }),
  key: Type.String({ description: 'the slug' }),
  label: Type.String({ description: 'the term' }),
  path: Nullable(Type.String()),
  slug: Type.String(),
  term: Type.String(),
  short: Type.String({ description: 'one sentence' }),
};
const GlossaryTerm = Type.Object(TermFields);
const GlossaryEntry = Type.Object({ ...TermFields, body: Type.String(), related: Type.Array(EntityRef) });

const bySlug = new Map(GLOSSARY.map((e) => [e.slug, e]));
const term = (e: (typeof GLOSSARY)[number]) => ({ ...glossaryRef(e), slug: e.slug, term: e.term, short: e.short });

export function glossaryRoutes(): Route[] {
  return [
    defineRoute({
      path: '/v1/glossary',
      summary: 'Every term the service uses, with a one-sentence definition',
      tags: ['glossary'],
      auth: true,
      response: List(GlossaryTerm),
      handler: () => wholeList(GLOSSARY.map(term)),
    }),
    defineRoute({
      path: '/v1/glossary/:slug',
      summary: 'One term: its definition, explanation and related terms',
      tags: ['glossary'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 120 }) }),
      response: Single(GlossaryEntry),
      handler: ({ params }) => {
        const e = bySlug.get(params.slug.toLowerCase());
        if (!e) throw notFound(`Glossary term ${params.slug}`);
        return { data: { ...term(e), body: e.body, related: e.related.map((slug) => glossaryRef(bySlug.get(slug)!)) } };
      },
    }),
  ];
}
