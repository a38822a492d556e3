// Search: typed refs for a name or symbol, to feed the detail endpoints. Instruments, companies, people, projects,
// sectors, macro series, prediction markets and glossary terms are matched in memory (exact, then prefix, then
// trigram-fuzzy); stories by full text, every word as a prefix.

import { GLOSSARY } from '../../../core/glossary.js';
import {
  companyRef,
  glossaryRef,
  instrumentRef,
  personRef,
  projectRef,
  type Ref,
  sectorRef,
} from '../../../core/refs.js';
import type { SearchFilter, SearchType } from '../../../core/requests/search.js';
import { prefixTsQuery, rankMatches, type Searchable, searchable } from '../../../core/search.js';
import type { Caller } from '../../db.js';
import type { DataVersions } from '../../ports/index.js';
import { AnswerCache, every } from '../kept/index.js';
import type { EntityCatalog } from './entity-catalog.js';
import type { EventService } from './events.js';
import type { InstrumentService } from './instruments.js';
import type { MacroService } from './macro.js';
import type { OddsService } from './odds.js';

export class SearchService {
  /** What search finds besides stories, rebuilt once per refresh interval and whenever what it indexes was written. */
  private readonly index: AnswerCache<Searchable[]>;

  constructor(
    private readonly instruments: InstrumentService,
    private readonly events: EventService,
    private readonly catalog: EntityCatalog,
    private readonly macro: MacroService,
    private readonly odds: OddsService,
    versions: DataVersions,
    refreshMs: number,
  ) {
    const period = every(refreshMs);
    // Each part only grows, so their sum changes whenever one does: an import's names are found at once.
    const { stories, entities, macro: series, odds: markets } = versions;
    this.index = new AnswerCache(
      1,
      () => period() + instruments.count + stories.current + entities.current + series.current + markets.current,
    );
  }

  /**
   * The best matches first: entities named by the whole query (exact, then prefix), then the looser matches (every
   * word, close spellings) and stories by their text sharing what room is left, so that neither crowds the other out
   * ("rate cut" names many markets about cuts, and the stories of cuts are what is asked for too).
   */
  async find({ q, types, limit }: SearchFilter, caller?: Caller): Promise<Ref[]> {
    const pool = (await this.index.get('index', () => this.build())).filter((item) =>
      types.has(item.ref.type as SearchType),
    );
    const ranked = rankMatches(pool, q, limit);
    const named = ranked.filter((m) => m.score >= 2).map((m) => m.ref);
    const looser = ranked.filter((m) => m.score < 2).map((m) => m.ref);
    const room = limit - named.length;
    const words = prefixTsQuery(q);
    const stories = types.has('event') && room > 0 && words ? await this.events.matching(words, room, caller) : [];
    const loose = Math.min(looser.length, Math.max(Math.ceil(room / 2), room - stories.length));
    return [...named, ...looser.slice(0, loose), ...stories.slice(0, room - loose)];
  }

  /** Every entity of `types` search knows, in its index's order: the covered universe MCP lists as resources. */
  async entities(types: ReadonlySet<string>): Promise<Ref[]> {
    return (await this.index.get('index', () => this.build()))
      .filter((item) => types.has(item.ref.type))
      .map((item) => item.ref);
  }

  /** The keys of entities of `type` that `partial` starts or names, best first, for completions. */
  async keys(type: string, partial: string, limit: number): Promise<{ values: string[]; total: number }> {
    const pool = (await this.index.get('index', () => this.build())).filter((item) => item.ref.type === type);
    const matched = partial.trim()
      ? rankMatches(pool, partial, pool.length).map((m) => m.ref.key)
      : pool.map((item) => item.ref.key);
    return { values: matched.slice(0, limit), total: matched.length };
  }

  /**
   * The entities search finds: the instruments, the covered companies, people, projects and sectors (by their names,
   * tickers and legal names), macro series (by their source's id too), prediction markets (by their label and event),
   * the glossary, and everything else stories are linked to.
   */
  private async build(): Promise<Searchable[]> {
    const [catalog, linked, series, markets] = await Promise.all([
      this.catalog.get(),
      this.events.linkedEntities(),
      this.macro.searchable(),
      this.odds.searchable(),
    ]);
    const rows = this.instruments.state.instruments;
    const items: Searchable[] = rows.map((inst) => searchable(instrumentRef(inst), [inst.symbol, inst.name]));
    const seen = new Set<string>();
    const add = (item: Searchable) => {
      seen.add(`${item.ref.type}:${item.ref.key}`);
      items.push(item);
    };
    for (const c of catalog.companies.values())
      add(searchable(companyRef(c.slug, c.name), [...c.tickers, ...(c.legalName ? [c.legalName] : [])]));
    for (const p of catalog.people.values()) add(searchable(personRef(p.slug, p.name)));
    for (const p of catalog.projects.values()) add(searchable(projectRef(p.key, p.name), [p.slug]));
    for (const s of catalog.sectors.values()) add(searchable(sectorRef(s.slug, s.name)));
    for (const s of series) add(searchable(s.ref, s.names));
    for (const m of markets) add(searchable(m.ref, m.names, m.live));
    // Companies only the instruments or stories name are found by those names too.
    for (const inst of rows) {
      if (inst.company && !seen.has(`company:${inst.company}`))
        add(searchable(companyRef(inst.company, inst.companyName), [inst.name]));
    }
    for (const ref of linked)
      if (ref.type !== 'instrument' && !seen.has(`${ref.type}:${ref.key}`)) add(searchable(ref));
    return [...items, ...GLOSSARY.map((e) => searchable(glossaryRef(e), [e.term]))];
  }
}
