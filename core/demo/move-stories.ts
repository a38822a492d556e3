// Stories for the unusual days the market model draws without news. The service's own rule (the moves kernel with the
// design's thresholds and the default floors) is run over the recorded daily closes, and each unusual day the linker
// would leave without a cause gets a story about what moved, worded for its sign and size and important enough to be
// taken as its cause: so every move of the recorded history has a known cause. A story states the day's figure in the
// day's last minute, once the day has traded (the anchor's day, still trading, gets none); an equity's move on a day
// the exchange is closed is told as what it is, trading on 24/7 venues.
import { isTradingDay } from '../calendar/us-holidays.js';
import { CAUSE_MIN_IMPORTANCE, type LinkableEvent, linkMove } from '../moves/linker.js';
import { instrumentRef } from '../refs.js';
import { DAY_MS, MINUTE_MS } from '../time.js';
import { moveLine, moveVerb, openDayLine } from './move-words.js';
import { Random } from './random.js';
import { isRecordedMove, type RecordedDay, type RecordedDays } from './recorded-days.js';
import { companyRefs, type Draft } from './story/draft.js';
import { MOVE_NEWS, type Pair } from './templates.js';
import { DEMO_COMPANIES, type DemoInstrument } from './universe.js';

/**
 * How close to the thresholds a day is explained too: a traded day's closes are the server's but for their last
 * digits; the anchor's day keeps moving between the load and the first detection (its story states no figure). A
 * traded day short of the thresholds gets no story: it would state a move the service does not record.
 */
const TRADED_MARGIN = 1 - 1e-9;
const OPEN_MARGIN = 0.98;
const sectors = new Map(DEMO_COMPANIES.map((c) => [c.slug, c.sector]));

/** The group a move is told with: its own story for a share, commodity or currency; one a day for the rest of a kind. */
function groupOf(inst: DemoInstrument, dayMs: number): keyof typeof MOVE_NEWS {
  const closed = !isTradingDay(dayMs);
  if (inst.kind === 'stock') return closed ? 'stockClosed' : 'stock';
  if (inst.kind === 'index' || inst.kind === 'etf') return closed ? 'equitiesClosed' : 'equities';
  if (inst.kind === 'crypto') return 'crypto';
  if (inst.kind === 'rate') return 'rates';
  return inst.symbol as keyof typeof MOVE_NEWS;
}

/** The unusual days of the recorded history that `drafts` leave without a cause. */
function unexplained(days: RecordedDays, drafts: Draft[], anchorMs: number): RecordedDay[] {
  const byDay = new Map<number, LinkableEvent[]>();
  drafts.forEach((d, k) => {
    if (d.occurredAt >= anchorMs) return;
    const day = d.occurredAt - (d.occurredAt % DAY_MS);
    const linkable = {
      id: k,
      kind: d.kind,
      occurredAt: d.occurredAt,
      importance: d.importance,
      headline: d.headline,
      entities: d.entities.map((e) => `${e.type}:${e.key}`.toLowerCase()),
    };
    byDay.set(day, [...(byDay.get(day) ?? []), linkable]);
  });
  return days.days.filter((u) => {
    if (!isRecordedMove(u, u.dayMs + DAY_MS <= anchorMs ? TRADED_MARGIN : OPEN_MARGIN)) return false;
    const { inst, dayMs } = u;
    const subject = {
      symbol: inst.symbol,
      kind: inst.kind,
      company: inst.company,
      sector: inst.company ? sectors.get(inst.company)! : null,
      dayMs,
    };
    return !linkMove(subject, [...(byDay.get(dayMs - DAY_MS) ?? []), ...(byDay.get(dayMs) ?? [])]).causes.length;
  });
}

/**
 * A story for every unusual day of `days` that `drafts` leave without a cause: one per share, commodity or currency,
 * one per day and direction for the rest of a kind.
 */
export function moveStories(seed: number, days: RecordedDays, drafts: Draft[], anchorMs: number): Draft[] {
  const rng = new Random(seed ^ 0x3017e);
  const groups = new Map<string, RecordedDay[]>();
  for (const u of unexplained(days, drafts, anchorMs)) {
    const key = `${u.dayMs}|${groupOf(u.inst, u.dayMs)}|${u.inst.kind === 'stock' ? u.inst.symbol : ''}|${Math.sign(u.pct)}`;
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  return [...groups.values()].map((movers) =>
    moveDraft(
      rng,
      movers.sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct)),
      anchorMs,
    ),
  );
}

function moveDraft(rng: Random, movers: RecordedDay[], anchorMs: number): Draft {
  const lead = movers[0]!;
  const group = groupOf(lead.inst, lead.dayMs);
  const pairs: Pair[] = MOVE_NEWS[group];
  const pair = pairs[rng.int(pairs.length)]!;
  const template = lead.pct > 0 ? pair.up : pair.down;
  const anchorMinute = anchorMs - (anchorMs % MINUTE_MS);
  const traded = lead.dayMs + DAY_MS <= anchorMs;
  const at = traded ? lead.dayMs + DAY_MS - MINUTE_MS : anchorMinute - MINUTE_MS;
  const company = lead.inst.kind === 'stock' ? companyRefs(lead.inst.company!) : null;
  const headline = template.text
    .replace('{c}', company?.company.label ?? lead.inst.name)
    .replace('{sector}', company?.sector.label.toLowerCase() ?? '')
    .replace('{v}', moveVerb(lead))
    .replace(' {p}', traded ? ` ${Math.abs(lead.pct).toFixed(1)}%` : '');
  const lines = movers.map(traded ? moveLine : openDayLine);
  return {
    kind: template.kind,
    occurredAt: at,
    precision: 'minute',
    headline,
    summary: `${headline}. ${lines.join('; ')}.`,
    points: lines,
    importance: CAUSE_MIN_IMPORTANCE + 1 + rng.int(15),
    entities: company
      ? [company.company, instrumentRef(lead.inst), company.sector]
      : movers.map((m) => instrumentRef(m.inst)),
    shocks: [],
    moves: movers.map((m) => m.inst.symbol),
    source: lead.inst.kind === 'crypto' ? 'chain' : lead.inst.kind === 'commodity' ? 'commodity' : 'wire',
  };
}
