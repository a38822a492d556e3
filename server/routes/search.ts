// GET /v1/search: typed refs for a name or symbol, to feed the detail endpoints. Instruments, companies, people, macro
// series and glossary terms are matched in memory (exact, then prefix, then trigram-fuzzy); stories by full text, every
// word as a prefix.
// Types with no data yet (prediction markets) return nothing.
import { Type } from '@sinclair/typebox';
import { validationError, type ValidationDetail } from '../../core/errors.js';
import { GLOSSARY } from '../../core/glossary.js';
import { companyRef, eventRef, glossaryRef, instrumentRef, type Ref } from '../../core/refs.js';
import { EntityRef, List } from '../../core/schemas/common.js';
import { prefixTsQuery, rankMatches, searchable, type Searchable } from '../../core/search.js';
import { SEARCH_TYPES } from '../../core/vocabulary.js';
import type { Db } from '../db.js';
import { AnswerCache, every } from '../http/answer-cache.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import { kindList } from './filters.js';

/** The entities search finds, from the instruments, the glossary and everything stories are linked to. */
async function buildIndex(db: Db, state: MarketState): Promise<Searchable[]> {
  const items: Searchable[] = state.instruments.map((inst) => searchable(instrumentRef(inst), [inst.symbol, inst.name]));
  const linked = await db.rows<Ref>('linkedEntities');
  const companyLabels = new Map(linked.filter((r) => r.type === 'company').map((r) => [r.key, r.label]));
  const companies = new Map<string, Searchable>();
  for (const inst of state.instruments) {
    if (inst.company) companies.set(inst.company, searchable(companyRef(inst.company, inst.companyName ?? companyLabels.get(inst.company)), [inst.name]));
  }
  for (const ref of linked) {
    if (ref.type === 'company' && !companies.has(ref.key)) companies.set(ref.key, searchable(ref));
    else if (ref.type === 'person' || ref.type === 'macro') items.push(searchable(ref));
  }
  return [...items, ...companies.values(), ...GLOSSARY.map((e) => searchable(glossaryRef(e), [e.term]))];
}

export function searchRoutes(db: () => Db, market: () => MarketState, refreshMs: number): Route[] {
  const index = new AnswerCache<Searchable[]>(1, every(refreshMs));
  return [
    defineRoute({
      path: '/v1/search',
      summary: 'Find instruments, companies, people, macro series, prediction markets, glossary terms and stories by name',
      description:
        'An exact symbol, key or name comes first, then names that start with the query (or have a word that does), then ' +
        'close spellings (trigram similarity), then stories whose headline or summary match it as full text.',
      tags: ['search'],
      auth: true,
      query: Type.Object({
        q: Type.String({ minLength: 1, maxLength: 200 }),
        type: Type.Optional(Type.String({ maxLength: 500, description: `comma-separated: ${SEARCH_TYPES.join(', ')}` })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 20 })),
      }),
      response: List(EntityRef),
      handler: async ({ query }) => {
        const problems: ValidationDetail[] = [];
        const types = new Set(kindList(query.type, SEARCH_TYPES, 'type', problems) ?? SEARCH_TYPES);
        if (problems.length) throw validationError(problems);
        const limit = query.limit ?? 20;
        const pool = (await index.get('index', () => buildIndex(db(), market()))).filter((item) => types.has(item.ref.type as (typeof SEARCH_TYPES)[number]));
        const data = rankMatches(pool, query.q, limit).map((m) => m.ref);
        const words = prefixTsQuery(query.q);
        if (types.has('event') && data.length < limit && words) {
          const stories = await db().rows<{ id: number; headline: string }>('searchEvents', [words, limit - data.length]);
          data.push(...stories.map((e) => eventRef(e.id, e.headline)));
        }
        return { data, page: { limit, offset: 0, nextOffset: null } };
      },
    }),
  ];
}
