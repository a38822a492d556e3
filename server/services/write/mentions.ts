// Links the stories a source gives without entities (news feeds: `mentions` text) to the covered companies,
// instruments and people they name, and completes their summaries with them; read from the entity tables inside
// the caller's transaction, so a story is linked against the entities stored with it.
import { companyRef, instrumentRef, personRef } from '../../../core/refs.js';
import { newsSummary } from '../../../core/sources/news/index.js';
import { type LinkTarget, MentionLinker } from '../../../core/sources/news/mentions.js';
import type { StoryRecord } from '../../../core/sources/records.js';
import type { Rows } from './write-support.js';

interface CompanyRow {
  slug: string;
  name: string;
  legalName: string | null;
  tickers: string[];
  instruments: { symbol: string; name: string }[];
}

/** The linker over every entity stored now. */
export async function mentionLinker(rows: Rows): Promise<MentionLinker> {
  // One after another: `rows` is often a transaction's one client, and pg deprecates queueing a query on a client
  // that already has one waiting (its DeprecationWarning, to be an error in pg 9).
  const companies = await rows<CompanyRow>('mentionCompanies');
  const instruments = await rows<{ symbol: string; name: string }>('mentionInstruments');
  const people = await rows<{ slug: string; name: string }>('mentionPeople');
  const targets: LinkTarget[] = [];
  for (const c of companies) {
    const ref = companyRef(c.slug, c.name);
    const own = c.instruments.map((i) => instrumentRef(i));
    targets.push({ ref, names: [c.name, ...(c.legalName ? [c.legalName] : [])], tickers: c.tickers, with: own });
    // An instrument's own name ("Apple Inc. common stock") and symbol name its company too.
    for (const i of c.instruments)
      targets.push({
        ref: instrumentRef(i),
        names: i.name === c.name ? [] : [i.name],
        tickers: [i.symbol],
        with: [ref],
      });
  }
  for (const i of instruments) targets.push({ ref: instrumentRef(i), names: [i.name], tickers: [i.symbol], with: [] });
  for (const p of people) targets.push({ ref: personRef(p.slug, p.name), names: [p.name], tickers: [], with: [] });
  return new MentionLinker(targets);
}

/** The stories with their entities found in their `mentions` (the others as they are). */
export async function linkMentions(rows: Rows, stories: StoryRecord[]): Promise<StoryRecord[]> {
  if (!stories.some((s) => s.mentions !== undefined)) return stories;
  const linker = await mentionLinker(rows);
  return stories.map((s) => {
    if (s.mentions === undefined) return s;
    const { mentions, ...story } = s;
    const entities = [...story.entities, ...linker.link(mentions)];
    const labels = entities.filter((e) => e.type !== 'instrument').map((e) => e.label);
    return {
      ...story,
      entities,
      summary: newsSummary(story.kind, story.sourceName, labels.length ? labels : entities.map((e) => e.label)),
    };
  });
}
