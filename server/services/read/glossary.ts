// The glossary: every term the service uses, in its own words, and one term's entry with its related terms.
import { notFound } from '../../../core/errors.js';
import { GLOSSARY } from '../../../core/glossary.js';
import { glossaryRef } from '../../../core/refs.js';
import type { GlossaryEntry, GlossaryTerm } from '../../../core/schemas/glossary.js';

const bySlug = new Map(GLOSSARY.map((e) => [e.slug, e]));
const term = (e: (typeof GLOSSARY)[number]): GlossaryTerm => ({
  ...glossaryRef(e),
  slug: e.slug,
  term: e.term,
  short: e.short,
});

export class GlossaryService {
  terms(): GlossaryTerm[] {
    return GLOSSARY.map(term);
  }

  /** One term by its slug (any case), or a 404. */
  entry(slug: string): GlossaryEntry {
    const e = bySlug.get(slug.toLowerCase());
    if (!e) throw notFound(`Glossary term ${slug}`);
    return { ...term(e), body: e.body, related: e.related.map((s) => glossaryRef(bySlug.get(s)!)) };
  }
}
