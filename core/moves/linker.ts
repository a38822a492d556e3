// Links an unusual move to the stories that caused it, and writes its explanation from those links alone: numbers,
// headlines and event ids, never a fact that is not in the data.

import { DAY_MS } from '../time.js';
import type { InstrumentKind } from '../vocabulary.js';

export interface LinkableEvent {
  id: number;
  kind: string;
  occurredAt: number;
  importance: number;
  headline: string;
  /** Lower-cased `type:key` of each linked entity. */
  entities: string[];
}

export interface MoveSubject {
  symbol: string;
  kind: InstrumentKind;
  company: string | null;
  /** Its company's sector, for the candidates of a share (null otherwise). */
  sector: string | null;
  /** 00:00 UTC of the move's day. */
  dayMs: number;
}

/**
 * A story about the instrument, its company or (for a share) its sector must be at least this important to be taken as
 * the cause of a move: crude's news moves energy shares with it.
 */
export const CAUSE_MIN_IMPORTANCE = 55;
/**
 * A macro release or rate decision must be this important (a surprise) to be taken as the cause of any instrument's
 * move that day: every kind moves with it, shares too (the market factor takes them with their indices).
 */
export const MACRO_CAUSE_MIN_IMPORTANCE = 80;
/** Candidate stories: important stories about the subject, its company or its sector on the day or the day before. */
export const CANDIDATE_MIN_IMPORTANCE = 50;
const MACRO_KINDS = new Set(['macro_release', 'policy_decision']);

function about(e: LinkableEvent, m: MoveSubject): boolean {
  return (
    e.entities.includes(`instrument:${m.symbol.toLowerCase()}`) ||
    (m.company !== null && e.entities.includes(`company:${m.company.toLowerCase()}`))
  );
}

/** A share moves with its sector's news; an ETF or another kind is not its issuer's sector. */
function aboutSector(e: LinkableEvent, m: MoveSubject): boolean {
  return m.kind === 'stock' && m.sector !== null && e.entities.includes(`sector:${m.sector.toLowerCase()}`);
}

/**
 * Causes: stories of the move's own UTC day (never a later one), either about the instrument, its company or (a share)
 * its sector and important enough, or a surprising macro release or rate decision. A move without a cause gets
 * candidates instead: the important stories about it, its company or (for a share) its sector that day or the day
 * before (an explained move needs none). Both most important first.
 */
export function linkMove(
  m: MoveSubject,
  events: readonly LinkableEvent[],
): { causes: LinkableEvent[]; candidates: LinkableEvent[] } {
  const causes: LinkableEvent[] = [];
  const candidates: LinkableEvent[] = [];
  for (const e of events) {
    const sameDay = e.occurredAt >= m.dayMs && e.occurredAt < m.dayMs + DAY_MS;
    const dayBefore = e.occurredAt >= m.dayMs - DAY_MS && e.occurredAt < m.dayMs;
    const mine = about(e, m);
    if (sameDay && (mine || aboutSector(e, m)) && e.importance >= CAUSE_MIN_IMPORTANCE) causes.push(e);
    else if (sameDay && MACRO_KINDS.has(e.kind) && e.importance >= MACRO_CAUSE_MIN_IMPORTANCE) causes.push(e);
    else if ((sameDay || dayBefore) && (mine || aboutSector(e, m)) && e.importance >= CANDIDATE_MIN_IMPORTANCE)
      candidates.push(e);
  }
  const order = (a: LinkableEvent, b: LinkableEvent) => b.importance - a.importance || a.id - b.id;
  return { causes: causes.sort(order), candidates: causes.length ? [] : candidates.sort(order) };
}

/**
 * The explanation of a move from its numbers and causes; null without a cause (nothing to explain it with). A rate's
 * move (`changeBp` given) is told in basis points: a yield from 3.90 to 4.05 rose 15 bp, not 3.85%.
 */
export function explainMove(
  symbol: string,
  date: string,
  pct: number,
  z: number | null,
  causes: readonly LinkableEvent[],
  changeBp: number | null = null,
): string | null {
  if (!causes.length) return null;
  const amount = changeBp === null ? `${Math.abs(pct).toFixed(2)}%` : `${Math.abs(changeBp)} bp`;
  const size = `${symbol} ${pct >= 0 ? 'rose' : 'fell'} ${amount} on ${date}`;
  const unusual = z === null ? '' : ` (${z.toFixed(1)} times its usual daily move)`;
  const why = causes.map((c) => `"${c.headline}" (event ${c.id})`).join(' and ');
  return `${size}${unusual}, the day of ${why}.`;
}
