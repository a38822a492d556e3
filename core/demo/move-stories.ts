// Stories for the unusual days the market model draws without news. The service's own rule (the moves kernel with the
// design's thresholds and the default floors) is run over the recorded daily closes, and each unusual day the linker
// would leave without a cause gets a story about what moved, worded for its sign and size and important enough to be
// taken as its cause: so every move of the recorded history has a known cause.
import { instrumentRef } from '../refs.js';
import { dailyMoves, isMove, MOVE_MIN_Z } from '../kernels/moves.js';
import { CAUSE_MIN_IMPORTANCE, type LinkableEvent, linkMove } from '../moves/linker.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';
import { DEFAULT_MOVE_FLOORS } from '../vocabulary.js';
import { concat, type DemoHistory, regroup } from './history.js';
import { Random } from './random.js';
import { companyRefs, type Draft } from './story/draft.js';
import { MOVE_NEWS, type Pair } from './templates.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS, type DemoInstrument } from './universe.js';

/**
 * Days this close to the thresholds are explained too: the server's closes can differ in the last digits, and today's
 * keeps moving between the load and the first detection.
 */
const MARGIN = 0.98;
const sectors = new Map(DEMO_COMPANIES.map((c) => [c.slug, c.sector]));

interface Unusual {
  inst: DemoInstrument;
  dayMs: number;
  pct: number;
  z: number;
  close: number;
}

/** The group a move is told with: its own story for a share, commodity or currency; one a day for the rest of a kind. */
function groupOf(inst: DemoInstrument): keyof typeof MOVE_NEWS {
  if (inst.kind === 'stock') return 'stock';
  if (inst.kind === 'index' || inst.kind === 'etf') return 'equities';
  if (inst.kind === 'crypto') return 'crypto';
  if (inst.kind === 'rate') return 'rates';
  return inst.symbol as keyof typeof MOVE_NEWS;
}

/** Each instrument's daily closes as the service holds them: the daily history, then the 1m bars' days (today's open). */
function dailyCloses(histories: Map<string, DemoHistory>): { ts: Float64Array; closes: Float64Array; offsets: Int32Array } {
  const days = DEMO_INSTRUMENTS.map((inst) => {
    const h = histories.get(inst.symbol)!;
    return concat(h.daily, regroup(h.minute, DAY_MS));
  });
  const offsets = new Int32Array(days.length + 1);
  days.forEach((d, i) => (offsets[i + 1] = offsets[i]! + d.ts.length));
  const ts = new Float64Array(offsets[days.length]!);
  const closes = new Float64Array(ts.length);
  days.forEach((d, i) => {
    ts.set(d.ts, offsets[i]);
    closes.set(d.close, offsets[i]);
  });
  return { ts, closes, offsets };
}

/** The unusual days of the recorded history that `drafts` leave without a cause. */
function unexplained(histories: Map<string, DemoHistory>, drafts: Draft[], anchorMs: number): Unusual[] {
  const { ts, closes, offsets } = dailyCloses(histories);
  const { pct, z } = dailyMoves({ offsets, closes }, { pct: new Float64Array(ts.length), z: new Float64Array(ts.length) });
  const byDay = new Map<number, LinkableEvent[]>();
  drafts.forEach((d, k) => {
    if (d.occurredAt >= anchorMs) return;
    const day = d.occurredAt - (d.occurredAt % DAY_MS);
    const linkable = { id: k, kind: d.kind, occurredAt: d.occurredAt, importance: d.importance, headline: d.headline, entities: d.entities.map((e) => `${e.type}:${e.key}`.toLowerCase()) };
    byDay.set(day, [...(byDay.get(day) ?? []), linkable]);
  });
  const out: Unusual[] = [];
  DEMO_INSTRUMENTS.forEach((inst, i) => {
    for (let d = offsets[i]! + 1; d < offsets[i + 1]!; d++) {
      if (!isMove(pct[d]!, z[d]!, DEFAULT_MOVE_FLOORS[inst.kind] * MARGIN, MOVE_MIN_Z * MARGIN)) continue;
      const dayMs = ts[d]!;
      const subject = { symbol: inst.symbol, kind: inst.kind, company: inst.company, sector: inst.company ? sectors.get(inst.company)! : null, dayMs };
      const { causes } = linkMove(subject, [...(byDay.get(dayMs - DAY_MS) ?? []), ...(byDay.get(dayMs) ?? [])]);
      if (!causes.length) out.push({ inst, dayMs, pct: pct[d]!, z: z[d]!, close: closes[d]! });
    }
  });
  return out;
}

/**
 * A story for every unusual day of `histories` that `drafts` leave without a cause: one per share, commodity or
 * currency, one per day and direction for the rest of a kind.
 */
export function moveStories(seed: number, histories: Map<string, DemoHistory>, drafts: Draft[], anchorMs: number): Draft[] {
  const rng = new Random(seed ^ 0x3017e);
  const groups = new Map<string, Unusual[]>();
  for (const u of unexplained(histories, drafts, anchorMs)) {
    const key = `${u.dayMs}|${groupOf(u.inst)}|${u.inst.kind === 'stock' ? u.inst.symbol : ''}|${Math.sign(u.pct)}`;
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  return [...groups.values()].map((movers) => moveDraft(rng, movers.sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct)), anchorMs));
}

/** UTC hours a group's story is told in: the US afternoon for shares, European and US hours for the rest; crypto any time. */
const HOURS: Record<string, [number, number]> = { stock: [19, 2], equities: [19, 2], rates: [14, 6], crypto: [2, 20] };

function moveDraft(rng: Random, movers: Unusual[], anchorMs: number): Draft {
  const lead = movers[0]!;
  const group = groupOf(lead.inst);
  const up = lead.pct > 0;
  const pair: Pair = MOVE_NEWS[group][rng.int(MOVE_NEWS[group].length)]!;
  const template = up ? pair.up : pair.down;
  const [from, span] = HOURS[group] ?? [13, 6];
  const anchorMinute = anchorMs - (anchorMs % MINUTE_MS);
  const at = Math.min(lead.dayMs + (from + rng.int(span)) * HOUR_MS + rng.int(60) * MINUTE_MS, anchorMinute - MINUTE_MS);
  const company = lead.inst.kind === 'stock' ? companyRefs(lead.inst.company!) : null;
  const headline = template.text
    .replace('{c}', company?.company.label ?? lead.inst.name)
    .replace('{sector}', company?.sector.label.toLowerCase() ?? '')
    .replace('{v}', verb(lead, up))
    .replace('{p}', `${Math.abs(lead.pct).toFixed(1)}%`);
  const lines = movers.map(moveLine);
  return {
    kind: template.kind,
    occurredAt: at,
    precision: 'minute',
    headline,
    summary: `${headline}. ${lines.join('; ')}.`,
    points: lines,
    importance: CAUSE_MIN_IMPORTANCE + 1 + rng.int(15),
    entities: company ? [company.company, instrumentRef(lead.inst), company.sector] : movers.map((m) => instrumentRef(m.inst)),
    shocks: [],
    moves: movers.map((m) => m.inst.symbol),
    source: lead.inst.kind === 'crypto' ? 'chain' : lead.inst.kind === 'commodity' ? 'commodity' : 'wire',
  };
}

/** Rises, jumps or soars (falls, slides or plunges) by how far past the rule's thresholds the move went. */
function verb(u: Unusual, up: boolean): string {
  const past = Math.max(Math.abs(u.pct) / DEFAULT_MOVE_FLOORS[u.inst.kind], Number.isFinite(u.z) ? u.z / MOVE_MIN_Z : 0);
  const size = past >= 1.6 ? 2 : past >= 1.15 ? 1 : 0;
  return (up ? ['rises', 'jumps', 'soars'] : ['falls', 'slides', 'plunges'])[size]!;
}

/** "Bitcoin -8.3% on the day, at 61204.12"; a yield's change in basis points. */
function moveLine(u: Unusual): string {
  if (u.inst.kind === 'rate') {
    const bp = Math.round((u.close - u.close / (1 + u.pct / 100)) * 100);
    return `${u.inst.name} ${bp >= 0 ? '+' : ''}${bp} bp on the day, at ${u.close.toFixed(2)}%`;
  }
  const digits = u.close >= 100 ? 2 : u.close >= 1 ? 4 : 5;
  return `${u.inst.name} ${u.pct >= 0 ? '+' : ''}${u.pct.toFixed(1)}% on the day, at ${u.close.toFixed(digits)}`;
}
