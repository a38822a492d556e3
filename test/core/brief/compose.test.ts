// The brief's composer on hand-made sources: never over its budget, deterministic, every id it names cited with its
// source, statements taken in turn from each section, and what is left out counted.
import t from 'tap';
import fc from 'fast-check';
import { composeBrief } from '../../../core/brief/compose.js';
import type { BackdropRow, BriefSources } from '../../../core/brief/sources.js';
import { BRIEF_MAX_TOKENS, BRIEF_MIN_TOKENS, type Brief } from '../../../core/schemas/brief.js';
import type { Catalyst } from '../../../core/schemas/catalysts.js';
import type { Event } from '../../../core/schemas/events.js';
import type { InstrumentDetail } from '../../../core/schemas/instruments.js';
import type { Move } from '../../../core/schemas/moves.js';
import type { PredictionMarket } from '../../../core/schemas/odds.js';

const coverage = { event: '2026-11-20T00:00:00Z', price: '2026-11-21T10:00:00Z', move: '2026-11-20', macroObservation: null, filing: null, oddsUpdate: null };

const instrument: InstrumentDetail = {
  type: 'instrument', key: 'ACME', label: 'Acme Corp.', path: '/instruments/ACME', symbol: 'ACME', name: 'Acme Corp.', kind: 'stock',
  currency: 'USD', company: { type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' }, price: 101.25, changePct: 1.23456,
  priceTs: '2026-11-21T10:00:00.000Z', priceLabel: 'ACME · 24/7 (venues)', confidence: { low: 101, high: 101.5 }, venuesInPool: 3,
  volume24hUsd: 12_345_678, openInterestUsd: 2_500_000_000, fundingRate8h: 0.0001, venues: [],
};

function event(id: number, importance: number, words = 8): Event {
  const headline = `Acme story ${id} ${'word '.repeat(words).trim()}`;
  return {
    type: 'event', key: String(id), label: headline, path: `/events/${id}`, id, kind: 'news', occurredAt: `2026-11-${String(1 + (id % 28)).padStart(2, '0')}T12:00:00.000Z`,
    precision: 'minute', headline, summary: `Summary of story ${id}.`, importance, sourceName: 'Wire', sourceUrl: `https://wire.example/${id}`,
    entities: [{ type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' }],
  };
}

function move(k: number, causes: Event[]): Move {
  const date = `2026-10-${String(1 + k).padStart(2, '0')}`;
  return {
    type: 'move', key: `ACME/${date}`, label: `ACME on ${date}`, path: `/instruments/ACME/moves/${date}`, id: k, instrument: { type: 'instrument', key: 'ACME', label: 'Acme Corp.', path: '/instruments/ACME' },
    date, fromPrice: 100, toPrice: 110.123, pct: 10.123456, zScore: 3.14159, explanation: causes.length ? `ACME rose on event ${causes[0]!.id}.` : null, causes,
  };
}

function catalyst(id: number, sourced: boolean): Catalyst {
  return {
    type: 'catalyst', key: String(id), label: `Acme event ${id}`, path: null, id, kind: 'earnings', title: `Acme results ${id}`, expectedAt: '2026-12-01T21:00:00.000Z',
    precision: 'minute', confirmed: true, description: null, consensus: 'EPS $1.00', sourceUrl: sourced ? `https://calendar.example/${id}` : null, outcomeEventId: null, entities: [],
  };
}

function market(k: number): PredictionMarket {
  const slug = `acme-market-${k}`;
  return {
    type: 'market', key: slug, label: `Will Acme do thing ${k}?`, path: `/odds/${slug}`, slug, source: 'polymarket', sourceId: `0x${k}`, question: `Will Acme do thing ${k}?`,
    category: null, kind: 'binary', outcomes: [{ name: 'Yes', probability: 0.4 }, { name: 'No', probability: 0.6 }], volume: 1000 - k, liquidity: null, openAt: null,
    closeAt: '2027-06-30T00:00:00.000Z', status: 'open', resolution: null, eventLabel: null, event: null, sourceUrl: `https://markets.example/${slug}`, entities: [],
    updatedAt: '2026-11-20T00:00:00.000Z',
  };
}

function backdropRow(k: number): BackdropRow {
  const slug = `series-${k}`;
  return {
    type: 'macro', key: slug, label: `Series ${k}`, path: `/macro/${slug}`, slug, name: `Series ${k}`, category: 'rates', source: 'fred', sourceId: `S${k}`, units: 'Percent',
    frequency: 'monthly', seasonalAdjustment: null, displayMode: 'rate', latest: { date: '2026-10-01', value: 4.25 }, change: -0.25, headline: 4.25,
    nextRelease: null, sourceUrl: k % 2 ? `https://fred.example/S${k}` : null,
  };
}

function sources(nEvents: number, nMoves: number, nCatalysts: number, nOdds = 0, nMacro = 0): BriefSources {
  const events = Array.from({ length: nEvents }, (_, k) => event(100 + k, 90 - k));
  // Causes are stories that may or may not be among the events gathered.
  const moves = Array.from({ length: nMoves }, (_, k) => move(k, k % 2 ? [] : [event(500 + k, 70), ...(k % 4 === 0 && events[0] ? [events[0]] : [])]));
  const catalysts = Array.from({ length: nCatalysts }, (_, k) => catalyst(900 + k, k % 3 !== 0));
  const odds = Array.from({ length: nOdds }, (_, k) => market(k));
  const macro = Array.from({ length: nMacro }, (_, k) => backdropRow(k));
  return { type: 'instrument', instrument, events, moves, catalysts, odds, macro, held: { odds: nOdds > 0, macro: nMacro > 0 }, dataThrough: coverage };
}

/** Every id a brief's statements name, as citation ids. */
function named(b: Brief): Set<string> {
  return new Set([
    ...b.events.map((e) => `event:${e.id}`),
    ...b.moves.flatMap((m) => m.causeIds.map((id) => `event:${id}`)),
    ...b.catalysts.filter((c) => c.sourceUrl !== null).map((c) => `catalyst:${c.id}`),
    ...b.odds.map((m) => `market:${m.slug}`),
    ...b.macro.filter((r) => r.sourceUrl !== null).map((r) => `macro:${r.slug}`),
  ]);
}

t.test('stays within every budget, and says its own size', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: BRIEF_MIN_TOKENS, max: BRIEF_MAX_TOKENS }), fc.nat(60), fc.nat(20), fc.nat(20), (max, e, m, c) => {
      const brief = composeBrief(sources(e, m, c), max);
      const json = JSON.stringify(brief);
      return Math.ceil(json.length / 4) <= max && brief.budget.tokens === Math.ceil(json.length / 4);
    }),
  );
});

t.test('the same sources and budget give the same bytes', async (t) => {
  const a = JSON.stringify(composeBrief(sources(40, 10, 10), 2000));
  const b = JSON.stringify(composeBrief(sources(40, 10, 10), 2000));
  t.equal(a, b);
});

t.test('every id named is cited once with its source, and nothing else is', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: BRIEF_MIN_TOKENS, max: 6000 }), fc.nat(40), fc.nat(12), fc.nat(12), fc.nat(10), fc.nat(14), (max, e, m, c, o, r) => {
      const brief = composeBrief(sources(e, m, c, o, r), max);
      const ids = brief.citations.map((c) => c.id);
      if (new Set(ids).size !== ids.length) return false;
      const want = named(brief);
      if (ids.length !== want.size || !ids.every((id) => want.has(id))) return false;
      return brief.citations.every((c) => {
        const [type, id] = c.id.split(':');
        if (type === 'event') return c.sourceUrl === `https://wire.example/${id}` && c.path === `/events/${id}`;
        if (type === 'market') return c.sourceUrl === `https://markets.example/${id}` && c.path === `/odds/${id}`;
        if (type === 'macro') return c.sourceUrl === `https://fred.example/S${id!.slice('series-'.length)}` && c.path === `/macro/${id}`;
        return c.sourceUrl === `https://calendar.example/${id}` && c.path === null;
      });
    }),
  );
});

t.test('a small budget takes statements in turn from each section and counts what it left out', async (t) => {
  const all = sources(40, 10, 10, 10, 14);
  const brief = composeBrief(all, 1200);
  t.ok(['facts', 'events', 'moves', 'catalysts', 'odds', 'macro'].every((k) => brief[k as 'facts'].length >= 1), 'some of each');
  t.same(brief.events.map((e) => e.id), all.events.slice(0, brief.events.length).map((e) => e.id), 'the most important stories first');
  t.same(brief.budget.omitted, {
    facts: 4 - brief.facts.length, events: 40 - brief.events.length, moves: 10 - brief.moves.length, catalysts: 10 - brief.catalysts.length,
    odds: 10 - brief.odds.length, macro: 14 - brief.macro.length,
  });
  const whole = composeBrief(all, BRIEF_MAX_TOKENS);
  t.same(whole.budget.omitted, { facts: 0, events: 0, moves: 0, catalysts: 0, odds: 0, macro: 0 }, 'the cap holds everything gathered');
  t.ok(JSON.stringify(whole).length > JSON.stringify(brief).length);
});

t.test('numbers are rounded for reading, the price keeps its label, and missing parts are named', async (t) => {
  const brief = composeBrief(sources(1, 1, 0), 4000);
  t.same(brief.price, { instrument: { type: 'instrument', key: 'ACME', label: 'Acme Corp.', path: '/instruments/ACME' }, price: 101.25, changePct: 1.23, priceTs: '2026-11-21T10:00:00.000Z', priceLabel: 'ACME · 24/7 (venues)' });
  t.match(brief.moves[0], { symbol: 'ACME', pct: 10.12, zScore: 3.1, causeIds: [500, 100], path: '/instruments/ACME/moves/2026-10-01' });
  t.equal(brief.notYetAvailable, "Not in this service's data yet: fundamentals and valuation, insider summary, related prediction-market odds, macro backdrop.");
  t.equal(composeBrief(sources(1, 1, 0, 1, 1), 4000).notYetAvailable, "Not in this service's data yet: fundamentals and valuation, insider summary.", 'odds and macro once held');
  t.same(brief.dataThrough, coverage);
  t.match(brief.facts.map((f) => f.text), ['Acme Corp. (ACME): stock, quoted in USD', 'Company: Acme', /^Price pooled from 3 of 0 venue listings; 24h volume of the pool \$12\.3M$/, /open interest \$2\.50B, funding 0\.0100% per 8 hours/]);
});
