// The market's reactions to the news, told once the prices hold them. News never states its own reaction (at its
// minute the market has not given one): for a story whose shocks moved a price, a later story in the last minute of
// that UTC day states each move the recorded history holds with the shock's sign, as the service records it. Macro
// news moves whole markets through their factors: it gets no reaction story per instrument.
import { CAUSE_MIN_IMPORTANCE } from '../moves/linker.js';
import { instrumentRef, type Ref } from '../refs.js';
import { DAY_MS, MINUTE_MS } from '../time.js';
import type { MarketModel } from './market-model.js';
import { moveLine, moveVerb } from './move-words.js';
import { isRecordedMove, type RecordedDay, type RecordedDays } from './recorded-days.js';
import { fiscalQuarterLabel } from './results.js';
import { companyRefs, type Draft } from './story/draft.js';

/** Only the moves the detector surely records are stated: a day at its thresholds may fall either side on the server. */
const SURE = 1 / 0.98;
const MACRO = new Set(['macro_release', 'policy_decision']);

/**
 * A reaction story for each of `drafts` whose shocks moved a price on a day that has traded (every day of `days`
 * before the anchor's has).
 */
export function reactionStories(model: MarketModel, days: RecordedDays, drafts: Draft[], anchorMs: number): Draft[] {
  return drafts.flatMap((d) => {
    const dayMs = d.occurredAt - (d.occurredAt % DAY_MS);
    const at = dayMs + DAY_MS - MINUTE_MS;
    if (!d.shocks.length || MACRO.has(d.kind) || dayMs + DAY_MS > anchorMs || d.occurredAt >= at) return [];
    const impact = model.impact(d.shocks, d.occurredAt);
    // The lead is what the news moved most (crude, not the oil company that moves with it).
    const recorded = d.moves
      .map((symbol) => ({ day: days.at(symbol, dayMs), sigmas: impact[model.position.get(symbol)!]! }))
      .filter(
        (m): m is { day: RecordedDay; sigmas: number } =>
          m.day !== undefined && isRecordedMove(m.day, SURE) && Math.sign(m.day.pct) === Math.sign(m.sigmas),
      )
      .sort((a, b) => Math.abs(b.sigmas) - Math.abs(a.sigmas))
      .map((m) => m.day);
    return recorded.length ? [reaction(d, recorded, at)] : [];
  });
}

/** The story of how `movers` (the lead first) closed the day of `news`. */
function reaction(news: Draft, movers: RecordedDay[], at: number): Draft {
  const lead = movers[0]!;
  const name = lead.inst.company ? companyRefs(lead.inst.company).company.label : lead.inst.name;
  const r = news.result;
  const after = r ? `after its ${fiscalQuarterLabel(r.fyEndMonth, r.fiscalYear, r.quarter)} results` : 'on the news';
  const headline = `${name} ${moveVerb(lead)} ${Math.abs(lead.pct).toFixed(1)}% ${after}`;
  const lines = movers.map(moveLine);
  const about: Ref[] = news.entities.filter((e) => e.type !== 'person');
  const others = movers
    .filter((m) => !about.some((e) => e.type === 'instrument' && e.key === m.inst.symbol))
    .map((m) => instrumentRef(m.inst));
  return {
    kind: 'news',
    occurredAt: at,
    precision: 'minute',
    headline,
    summary: `${headline}: "${news.headline}". By the day's close on 24/7 venues: ${lines.join('; ')}.`,
    points: lines,
    importance: Math.max(CAUSE_MIN_IMPORTANCE + 1, news.importance - 5),
    entities: [...about, ...others],
    shocks: [],
    moves: movers.map((m) => m.inst.symbol),
    source: news.source,
  };
}
