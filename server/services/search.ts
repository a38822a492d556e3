// Search: typed refs for a name or symbol, to feed the detail endpoints. Instruments, companies, people, macro series
// and glossary terms are matched in memory (exact, then prefix, then trigram-fuzzy); stories by full text, every word
// as a prefix. Types with no data yet (prediction markets) return nothing.
import { validationError, type ValidationDetail } from '../../core/errors.js';
import { kindList } from '../../core/filters.js';
import { GLOSSARY } from '../../core/glossary.js';
import { companyRef, glossaryRef, instrumentRef, type Ref } from '../../core/refs.js';
import type { SearchQuery } from '../../core/schemas/search.js';
import { prefixTsQuery, rankMatches, searchable, type Searchable } from '../../core/search.js';
import { SEARCH_TYPES } from '../../core/vocabulary.js';
import type { Caller } from '../db.js';
import { AnswerCache, every } from './answer-cache.js';
import type { EventService } from './events.js';
import type { InstrumentService } from './instruments.js';

type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchFilter {
  q: string;
  types: Set<SearchType>;
  limit: number;
}

/** The filter of a /v1/search query: types not in the vocabulary are a 422. */
export function searchFilter(query: SearchQuery): SearchFilter {
  const problems: ValidationDetail[] = [];
  const types = new Set(kindList(query.type, SEARCH_TYPES, 'type', problems) ?? SEARCH_TYPES);
  if (problems.length) throw validationError(problems);
  return { q: query.q, types, limit: query.limit ?? 20 };
}

export class SearchService {
  /** What search finds besides stories, rebuilt at most once per refresh interval. */
  private readonly index: AnswerCache<Searchable[]>;

  constructor(
    private readonly instruments: InstrumentService,
    private readonly events: EventService,
    refreshMs: number,
  ) {
    this.index = new AnswerCache(1, every(refreshMs));
  }

  /** The best matches first: exact, prefix and close names of entities, then stories by their text. */
  async find({ q, types, limit }: SearchFilter, caller?: Caller): Promise<Ref[]> {
    const pool = (await this.index.get('index', () => this.build())).filter((item) => types.has(item.ref.type as SearchType));
    const found = rankMatches(pool, q, limit).map((m) => m.ref);
    const words = prefixTsQuery(q);
    if (types.has('event') && found.length < limit && words) found.push(...(await this.events.matching(words, limit - found.length, caller)));
    return found;
  }

  /** The entities search finds: the instruments, the glossary and everything stories are linked to. */
  private async build(): Promise<Searchable[]> {
    const rows = this.instruments.state.instruments;
    const items: Searchable[] = rows.map((inst) => searchable(instrumentRef(inst), [inst.symbol, inst.name]));
    const linked = await this.events.linkedEntities();
    const companyLabels = new Map(linked.filter((r) => r.type === 'company').map((r) => [r.key, r.label]));
    const companies = new Map<string, Searchable>();
    for (const inst of rows) {
      if (inst.company) companies.set(inst.company, searchable(companyRef(inst.company, inst.companyName ?? companyLabels.get(inst.company)), [inst.name]));
    }
    for (const ref of linked) {
      if (ref.type === 'company' && !companies.has(ref.key)) companies.set(ref.key, searchable(ref));
      else if (ref.type === 'person' || ref.type === 'macro') items.push(searchable(ref));
    }
    return [...items, ...companies.values(), ...GLOSSARY.map((e) => searchable(glossaryRef(e), [e.term]))];
  }
}
