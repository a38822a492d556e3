// Everything a brief could say about its subject, before the budget: the subject's reference, its price, facts read
// from its resource object (each with the path it is about and the source it came from), the stories, moves and
// catalysts around it, and the parts whose data the service does not hold yet. One function per type of subject.
import { clip } from '../errors.js';
import { grouped, price, signedPct as signed, usdCompact as usd } from '../figures.js';
import type { Ref } from '../refs.js';
import type {
  BriefCatalyst,
  BriefEvent,
  BriefFact,
  BriefFundamental,
  BriefInsider,
  BriefInsiderSummary,
  BriefMacro,
  BriefMove,
  BriefOdds,
  BriefPrice,
  Citation,
} from '../schemas/brief.js';
import type { Catalyst } from '../schemas/catalysts.js';
import type { CompanyDetail } from '../schemas/companies.js';
import type { EventDetail } from '../schemas/event-detail.js';
import type { Event } from '../schemas/events.js';
import type { InstrumentDetail, InstrumentSummary } from '../schemas/instruments.js';
import type { MacroSeries } from '../schemas/macro.js';
import type { Move } from '../schemas/moves.js';
import type { PredictionMarket, PredictionMarketDetail } from '../schemas/odds.js';
import type { PersonDetail } from '../schemas/people.js';
import type { Milestone, ProjectDetail } from '../schemas/projects.js';
import type { SectorDetail } from '../schemas/sectors.js';
import type { Cited } from './cited.js';
import { citedFundamentals, citedInsiders, insiderSummary } from './sec-material.js';
import type { BackdropRow, BriefSources } from './sources.js';

interface Material {
  subject: Ref;
  price: BriefPrice | null;
  facts: Cited<BriefFact>[];
  events: Cited<BriefEvent>[];
  moves: Cited<BriefMove>[];
  catalysts: Cited<BriefCatalyst>[];
  odds: Cited<BriefOdds>[];
  macro: Cited<BriefMacro>[];
  fundamentals: Cited<BriefFundamental>[];
  insiderSummary: BriefInsiderSummary | null;
  insiders: Cited<BriefInsider>[];
  /** Parts of a brief of this type whose data does not exist yet. */
  pending: string[];
}

/** Descriptions in the service's own words are cut to this many characters: the detail endpoints have them whole. */
const DESCRIPTION_CHARS = 300;
/** A company's current people shown, most senior first. */
const PEOPLE = 5;

const FUNDAMENTALS = 'fundamentals and valuation';
const INSIDERS = 'insider summary';
const ODDS = 'related prediction-market odds';
const MACRO = 'macro backdrop';
const FILING = 'the regulator filing behind it';
const PART = { fundamentals: FUNDAMENTALS, insiders: INSIDERS, odds: ODDS, macro: MACRO } as const;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

const fact = (text: string, path: string | null, sourceUrl: string | null = null): BriefFact => ({
  text,
  path,
  sourceUrl,
});

function priceOf(s: InstrumentSummary): BriefPrice {
  return {
    instrument: { type: s.type, key: s.key, label: s.label, path: s.path },
    price: s.price,
    currency: s.currency,
    changePct: s.changePct === null ? null : round(s.changePct, 2),
    priceTs: s.priceTs,
    priceLabel: s.priceLabel,
  };
}

const citeEvent = (e: Event): Citation => ({ id: `event:${e.id}`, path: `/events/${e.id}`, sourceUrl: e.sourceUrl });
const uncited = <T>(item: T): Cited<T> => ({ item, cites: [] });

function briefEvent(e: Event): BriefEvent {
  return {
    id: e.id,
    occurredAt: e.occurredAt,
    kind: e.kind,
    importance: e.importance,
    headline: e.headline,
    summary: e.summary ?? null,
    sourceName: e.sourceName,
    sourceUrl: e.sourceUrl,
  };
}

function briefMove(m: Move): BriefMove {
  return {
    symbol: m.instrument.key,
    date: m.date,
    pct: round(m.pct, 2),
    changeBp: m.changeBp,
    zScore: m.zScore === null ? null : round(m.zScore, 1),
    explanation: m.explanation,
    causeIds: m.causes.map((c) => c.id),
    path: m.path ?? `/instruments/${m.instrument.key}/moves/${m.date}`,
  };
}

function briefCatalyst(c: Catalyst): BriefCatalyst {
  return {
    id: c.id,
    kind: c.kind,
    title: c.title,
    expectedAt: c.expectedAt,
    precision: c.precision,
    confirmed: c.confirmed,
    consensus: c.consensus,
    sourceUrl: c.sourceUrl,
  };
}

function instrumentFacts(d: InstrumentDetail): BriefFact[] {
  const facts = [fact(`${d.name} (${d.symbol}): ${d.kind}, quoted in ${d.currency}`, d.path)];
  if (d.company) facts.push(fact(`Company: ${d.company.label}`, d.company.path));
  const volume = d.volume24hUsd === null ? '' : `; 24h volume of the pool ${usd(d.volume24hUsd)}`;
  facts.push(fact(`Price pooled from ${d.venuesInPool} of ${d.venues.length} venue listings${volume}`, d.path));
  if (d.openInterestUsd !== null) {
    const funding =
      d.fundingRate8hPct === null
        ? ''
        : `, funding ${d.fundingRate8hPct.toFixed(4)}% per 8 hours (open-interest-weighted)`;
    facts.push(
      fact(`Perpetuals: open interest ${usd(d.openInterestUsd)}${funding}`, d.path && `${d.path}/derivatives`),
    );
  }
  return facts;
}

function companyFacts(c: CompanyDetail): BriefFact[] {
  const where = [c.industry, c.sector ? `${c.sector.label} sector` : null, c.country]
    .filter((x) => x !== null)
    .join(', ');
  const facts = [
    fact(`${c.name} (${c.tickers.join(', ') || 'no ticker'})${where ? `: ${where}` : ''}`, c.path, c.sourceUrl),
  ];
  if (c.employees !== null)
    facts.push(
      fact(
        `${grouped(c.employees)} employees${c.employeesAsOf ? ` as of ${c.employeesAsOf}` : ''}`,
        c.path,
        c.sourceUrl,
      ),
    );
  if (c.description) facts.push(fact(clip(c.description, DESCRIPTION_CHARS), c.path));
  for (const s of c.segments) {
    const share =
      s.revenueSharePct === null
        ? ''
        : `: ${s.revenueSharePct}% of revenue${s.asOf ? ` (period ending ${s.asOf})` : ''}`;
    facts.push(fact(`Segment ${s.name}${share}`, c.path, s.sourceUrl));
  }
  for (const p of c.people.filter((p) => p.current).slice(0, PEOPLE)) {
    facts.push(fact(`${p.title}: ${p.person.label}${p.since ? ` since ${p.since}` : ''}`, p.person.path, p.sourceUrl));
  }
  for (const p of c.projects) {
    facts.push(fact(`Project ${p.name}: stage ${p.stage}, ${p.status.replace('_', ' ')}`, p.path, p.sourceUrl));
    if (p.nextMilestone) facts.push(milestoneFact(`Next milestone of ${p.name}`, p.nextMilestone, p.path));
  }
  for (const p of c.peers) facts.push(fact(`Peer: ${p.company.label} (${p.why})`, p.company.path));
  return facts;
}

/** A date given to a precision, as a reader says it: 2027-03-15, 2027-03, Q1 2027, 2027. */
function period(date: string, precision: Milestone['plannedPrecision']): string {
  if (precision === 'year') return date.slice(0, 4);
  if (precision === 'quarter') return `Q${Math.ceil(Number(date.slice(5, 7)) / 3)} ${date.slice(0, 4)}`;
  if (precision === 'month') return date.slice(0, 7);
  return date.slice(0, 10);
}

function milestoneFact(prefix: string, m: Milestone, path: string | null): BriefFact {
  const when =
    m.status === 'done'
      ? `done on ${m.doneOn}`
      : m.status === 'slipped'
        ? `slipped${m.plannedFor ? ` from ${m.plannedFor}` : ''}${m.expectedFor ? `, now expected ${m.expectedFor}` : ''}`
        : `planned for ${m.plannedFor ? period(m.plannedFor, m.plannedPrecision) : 'a date not given'}`;
  return fact(`${prefix}: ${m.name}, ${when}`, path, m.sourceUrl);
}

function personFacts(p: PersonDetail): BriefFact[] {
  const facts = [fact(`${p.name}: ${p.kind}${p.summary ? `. ${clip(p.summary, DESCRIPTION_CHARS)}` : ''}`, p.path)];
  for (const r of p.roles) {
    const at = r.company?.label ?? r.institution ?? '';
    const span = `${r.since ? ` since ${r.since}` : ''}${r.until ? ` until ${r.until}` : ''}`;
    facts.push(
      fact(
        `${r.current ? '' : 'Former '}${r.title}${at ? ` at ${at}` : ''}${span}`,
        r.company?.path ?? null,
        r.sourceUrl,
      ),
    );
  }
  return facts;
}

function projectFacts(p: ProjectDetail): BriefFact[] {
  const facts = [
    fact(`${p.name} (${p.company.label}): ${p.goal}`, p.path, p.sourceUrl),
    fact(`Stage ${p.stage}; ${p.status.replace('_', ' ')} against its plan`, p.path, p.sourceUrl),
  ];
  for (const k of p.kpis) facts.push(fact(`${k.name}: ${k.value} ${k.unit} as of ${k.asOf}`, p.path, k.sourceUrl));
  for (const m of p.milestones) facts.push(milestoneFact('Milestone', m, p.path));
  for (const s of p.siblings)
    facts.push(fact(`Other project of ${p.company.label}: ${s.name} (stage ${s.stage})`, s.path));
  return facts;
}

function sectorFacts(s: SectorDetail): BriefFact[] {
  const facts = [fact(`${s.name}${s.description ? `: ${clip(s.description, DESCRIPTION_CHARS)}` : ''}`, s.path)];
  const average =
    s.averageChangePct === null
      ? ''
      : `; their shares moved ${signed(s.averageChangePct)} on average since the previous 00:00 UTC close`;
  facts.push(fact(`${s.companyCount} covered companies${average}`, s.path));
  for (const c of s.companies) {
    const p = c.primaryInstrument;
    const quote =
      p?.price == null
        ? ''
        : `: ${price(p.price, p.currency)} (${p.priceLabel})${p.changePct === null ? '' : `, ${signed(p.changePct)}`}`;
    facts.push(fact(`${c.name}${p ? ` ${p.symbol}` : ''}${quote}`, c.path));
  }
  return facts;
}

function eventFacts(e: EventDetail): BriefFact[] {
  const facts: BriefFact[] = [];
  if (e.summary) facts.push(fact(`Summary: ${e.summary}`, e.path, e.sourceUrl));
  for (const point of e.points ?? []) facts.push(fact(`Point: ${point}`, e.path, e.sourceUrl));
  if (e.filing) {
    const f = e.filing;
    const items = f.items.length ? `, items ${f.items.join(', ')}` : '';
    facts.push(
      fact(
        `Filing behind it: ${f.form} of ${f.company.label} (accession ${f.accession}), filed ${f.filingDate}${items}`,
        f.company.path,
        f.sourceUrl,
      ),
    );
  }
  for (const ref of e.entities) facts.push(fact(`About: ${ref.label} (${ref.type})`, ref.path));
  return facts;
}

/** Observations of a series shown in its brief, the latest last. */
const RECENT_OBSERVATIONS = 6;

const pct = (p: number | null) => (p === null ? 'no price' : `${round(p * 100, 1)}%`);

function macroFacts(m: MacroSeries): BriefFact[] {
  const adjusted = m.seasonalAdjustment ? `, ${m.seasonalAdjustment}` : '';
  const facts = [
    fact(
      `${m.name} (${m.sourceId} at ${m.source}): ${m.category}, ${m.frequency}, ${m.units ?? 'no units given'}${adjusted}`,
      m.path,
      m.sourceUrl,
    ),
  ];
  if (m.whyItMatters) facts.push(fact(m.whyItMatters, m.path));
  if (m.latest) {
    const units = m.unitsShort ? ` ${m.unitsShort}` : '';
    const change = m.change === null ? '' : `; ${m.change >= 0 ? '+' : ''}${m.change} from the period before`;
    const yoy = m.yoyPct === null ? '' : `; ${signed(m.yoyPct)} from a year before`;
    facts.push(
      fact(
        `Latest: ${m.latest.value}${units} for the period from ${m.latest.date}${change}${yoy}`,
        m.path,
        m.sourceUrl,
      ),
    );
  }
  if (m.headline !== null)
    facts.push(fact(`Headline (${m.displayMode.replace(/_/g, ' ')}): ${round(m.headline, 2)}`, m.path));
  if (m.nextRelease)
    facts.push(
      fact(
        `Next release: ${m.nextRelease.expectedAt ?? m.nextRelease.date}${m.nextRelease.name ? ` (${m.nextRelease.name})` : ''}`,
        m.path,
      ),
    );
  if (m.release?.schedule) facts.push(fact(`Released: ${m.release.schedule}`, m.path, m.sourceUrl));
  const revision = m.revisions[0];
  if (revision) {
    facts.push(
      fact(
        `Revised: the period from ${revision.date} was first printed ${revision.firstPrint}${revision.firstPrintedOn ? ` on ${revision.firstPrintedOn}` : ''}, now ${revision.value}${revision.revisedOn ? ` (since ${revision.revisedOn})` : ''}`,
        m.path,
        m.sourceUrl,
      ),
    );
  }
  const recent = m.observations.slice(-RECENT_OBSERVATIONS).map((o) => `${o.date} ${o.value ?? 'missing'}`);
  if (recent.length) facts.push(fact(`Recent observations: ${recent.join(', ')}`, m.path, m.sourceUrl));
  return facts;
}

function marketFacts(m: PredictionMarketDetail): BriefFact[] {
  const closes = m.closeAt === null ? '' : `, ${m.status === 'open' ? 'closes' : 'closed'} ${m.closeAt}`;
  const facts = [fact(`${m.question} (${m.source} ${m.kind} market, ${m.status}${closes})`, m.path, m.sourceUrl)];
  facts.push(
    fact(`Probabilities: ${m.outcomes.map((o) => `${o.name} ${pct(o.probability)}`).join(', ')}`, m.path, m.sourceUrl),
  );
  for (const h of m.history) {
    const [first, last] = [h.points[0], h.points.at(-1)];
    if (first && last && first !== last) {
      facts.push(
        fact(
          `${h.outcome} moved from ${pct(first.probability)} on ${first.ts.slice(0, 10)} to ${pct(last.probability)} on ${last.ts.slice(0, 10)}`,
          m.path,
          m.sourceUrl,
        ),
      );
    }
  }
  if (m.resolution) facts.push(fact(`Resolved: ${m.resolution}`, m.path, m.sourceUrl));
  const traded = [
    m.volume === null ? null : `${usd(m.volume)} traded`,
    m.liquidity === null ? null : `${usd(m.liquidity)} liquidity`,
    m.openInterest === null ? null : `${usd(m.openInterest)} open interest`,
  ];
  if (traded.some((x) => x !== null))
    facts.push(fact(traded.filter((x) => x !== null).join(', '), m.path, m.sourceUrl));
  if (m.event) {
    const exclusive = m.event.mutuallyExclusive ? ': at most one of its markets resolves Yes' : '';
    facts.push(
      fact(
        `Part of "${m.event.title}"${m.eventLabel ? ` as "${m.eventLabel}"` : ''}${exclusive}`,
        m.path,
        m.event.sourceUrl,
      ),
    );
  }
  // What a market is about may be a series or company the service does not hold: named by its key, not its path.
  for (const e of m.entities) facts.push(fact(`About: ${e.label} (${e.type}:${e.key})`, null));
  return facts;
}

const citedEvent = (e: Event): Cited<BriefEvent> => ({ item: briefEvent(e), cites: [citeEvent(e)] });
const citedMove = (m: Move): Cited<BriefMove> => ({ item: briefMove(m), cites: m.causes.map(citeEvent) });
const citedCatalyst = (c: Catalyst): Cited<BriefCatalyst> => ({
  item: briefCatalyst(c),
  cites: c.sourceUrl === null ? [] : [{ id: `catalyst:${c.id}`, path: null, sourceUrl: c.sourceUrl }],
});

const citedOdds = (m: PredictionMarket): Cited<BriefOdds> => ({
  item: {
    slug: m.slug,
    question: m.question,
    outcomes: m.outcomes.map((o) => ({ name: o.name, probability: o.probability })),
    status: m.status,
    closeAt: m.closeAt,
    volume: m.volume,
    sourceUrl: m.sourceUrl,
  },
  cites: [{ id: `market:${m.slug}`, path: `/odds/${m.slug}`, sourceUrl: m.sourceUrl }],
});

const citedMacro = (r: BackdropRow): Cited<BriefMacro> => ({
  item: {
    slug: r.slug,
    name: r.name,
    latest: r.latest,
    change: r.change,
    headline: r.headline,
    displayMode: r.displayMode,
    units: r.units,
    nextRelease: r.nextRelease?.date ?? null,
    sourceUrl: r.sourceUrl,
  },
  cites: r.sourceUrl === null ? [] : [{ id: `macro:${r.slug}`, path: `/macro/${r.slug}`, sourceUrl: r.sourceUrl }],
});

/** What the brief of `s` could say, unbounded. */
export function material(s: BriefSources): Material {
  const around = {
    events: s.events.map(citedEvent),
    moves: s.moves.map(citedMove),
    catalysts: s.catalysts.map(citedCatalyst),
    odds: s.odds.map(citedOdds),
    macro: s.macro.map(citedMacro),
    fundamentals: citedFundamentals(s.fundamentals, s.filingUrls),
    // While no insider trade is held at all, the part is named as missing rather than summed to zeros.
    insiderSummary: s.held.insiders ? insiderSummary(s.insiders) : null,
    insiders: citedInsiders(s.insiders, s.type === 'person' ? 'company' : 'insider'),
  };
  const ref = (r: { type: string; key: string; label: string; path: string | null }): Ref => ({
    type: r.type,
    key: r.key,
    label: r.label,
    path: r.path,
  });
  /** The parts a brief of this type has, named when the service holds none of their data. */
  const held = (...parts: (keyof typeof PART)[]) => parts.filter((p) => !s.held[p]).map((p) => PART[p]);
  switch (s.type) {
    case 'instrument': {
      const i = s.instrument;
      const listed = i.kind === 'stock' || i.kind === 'etf';
      const pending = held(
        ...(listed ? (['fundamentals'] as const) : []),
        ...(i.kind === 'stock' ? (['insiders'] as const) : []),
        'odds',
        'macro',
      );
      return { subject: ref(i), price: priceOf(i), facts: instrumentFacts(i).map(uncited), ...around, pending };
    }
    case 'company': {
      const c = s.company;
      const pending = held('fundamentals', 'insiders', 'odds', 'macro');
      return {
        subject: ref(c),
        price: c.primaryInstrument && priceOf(c.primaryInstrument),
        facts: companyFacts(c).map(uncited),
        ...around,
        pending,
      };
    }
    case 'person': {
      const p = s.person;
      const pending = p.kind === 'policymaker' ? held('odds', 'macro') : held('insiders', 'odds');
      return { subject: ref(p), price: null, facts: personFacts(p).map(uncited), ...around, pending };
    }
    case 'project':
      return {
        subject: ref(s.project),
        price: s.price && priceOf(s.price),
        facts: projectFacts(s.project).map(uncited),
        ...around,
        pending: held('odds'),
      };
    case 'sector':
      return {
        subject: ref(s.sector),
        price: null,
        facts: sectorFacts(s.sector).map(uncited),
        ...around,
        pending: [FUNDAMENTALS, ...held('macro')],
      };
    case 'event': {
      const e = s.event;
      const events = [citedEvent(e), ...around.events.filter((r) => r.item.id !== e.id)];
      return {
        subject: ref(e),
        price: s.price && priceOf(s.price),
        facts: eventFacts(e).map(uncited),
        ...around,
        events,
        pending: [...(s.dataThrough.filing === null ? [FILING] : []), ...held('odds')],
      };
    }
    case 'macro':
      return { subject: ref(s.series), price: null, facts: macroFacts(s.series).map(uncited), ...around, pending: [] };
    case 'market':
      return { subject: ref(s.market), price: null, facts: marketFacts(s.market).map(uncited), ...around, pending: [] };
  }
}
