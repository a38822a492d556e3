// Composes a brief within its token budget: the subject, its price, insider summary, coverage and what is not available
// yet always; then statements taken in turn from each section (a fact, a fundamental, a story, a move, a catalyst, an
// insider, a market, a macro series, the next fact, ...), each with the citations of the ids it names, as long as the JSON stays within maxTokens.
// Deterministic: the same sources and budget give the same brief, byte for byte.
import type { Brief } from '../schemas/brief.js';
import { CHARS_PER_TOKEN, estimateTokens, TOKEN_ESTIMATE } from '../tokens.js';
import type { Cited } from './cited.js';
import { material } from './material.js';
import type { BriefSources } from './sources.js';

const SECTIONS = ['facts', 'fundamentals', 'events', 'moves', 'catalysts', 'insiders', 'odds', 'macro'] as const;
type Section = (typeof SECTIONS)[number];

/** Characters kept free for the figures filled in last: the token count grows from "0" to at most 5 digits. */
const RESERVE = 8;

export function composeBrief(sources: BriefSources, maxTokens: number): Brief {
  const m = material(sources);
  const omitted = Object.fromEntries(SECTIONS.map((s) => [s, m[s].length])) as Record<Section, number>;
  const brief: Brief = {
    subject: m.subject,
    price: m.price,
    facts: [],
    events: [],
    moves: [],
    catalysts: [],
    odds: [],
    macro: [],
    fundamentals: [],
    insiderSummary: m.insiderSummary,
    insiders: [],
    notYetAvailable: m.pending.length ? `Not in this service's data yet: ${m.pending.join(', ')}.` : null,
    dataThrough: sources.dataThrough,
    citations: [],
    budget: { maxTokens, tokens: 0, estimate: TOKEN_ESTIMATE, omitted },
  };
  const limit = maxTokens * CHARS_PER_TOKEN - RESERVE;
  let size = JSON.stringify(brief).length;
  const cited = new Set<string>();
  const take = (section: Section, { item, cites }: Cited<unknown>) => {
    const fresh = cites.filter((c, i) => !cited.has(c.id) && cites.findIndex((d) => d.id === c.id) === i);
    const list = brief[section] as unknown[];
    let cost = JSON.stringify(item).length + (list.length ? 1 : 0);
    fresh.forEach((c, i) => (cost += JSON.stringify(c).length + (brief.citations.length + i ? 1 : 0)));
    if (size + cost > limit) return;
    size += cost;
    list.push(item);
    omitted[section]--;
    for (const c of fresh) {
      cited.add(c.id);
      brief.citations.push(c);
    }
  };
  const rounds = Math.max(...SECTIONS.map((s) => m[s].length));
  for (let k = 0; k < rounds; k++) {
    for (const section of SECTIONS) {
      const candidate = m[section][k];
      if (candidate) take(section, candidate);
    }
  }
  // The count is part of what it counts: a second pass settles it (it can only gain a digit once).
  brief.budget.tokens = estimateTokens(JSON.stringify(brief));
  brief.budget.tokens = estimateTokens(JSON.stringify(brief));
  return brief;
}
