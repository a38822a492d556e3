// The demo's quarterly results: each listed company's earnings catalyst and, once reported, its story and figures.
import { instrumentRef } from '../../refs.js';
import { DAY_MS } from '../../time.js';
import type { Shock } from '../market-model.js';
import { DEMO_PROFILES } from '../profiles/companies.js';
import { holderAt } from '../profiles/index.js';
import { type FiscalQuarterNumber, fiscalQuarterEnd, fiscalQuarterLabel, trendQuarter } from '../results.js';
import { type EarningsTiming, earningsRelease } from '../schedule.js';
import { DEMO_INSTRUMENTS } from '../universe.js';
import { type Context, companyRefs, moved, round, SOURCES, slug } from './draft.js';

const fiscalYearEndMonth = new Map(DEMO_PROFILES.map((p) => [p.slug, p.fiscalYearEndMonth!]));
/** Shares that report before the US open; the others report after the close. */
const BEFORE_OPEN = new Set(['JPM', 'XOM', 'LLY']);

/**
 * Quarterly results of every listed company, 3 to 5 weeks after each quarter of its fiscal year, after the US close or
 * before the open. Revenue and EPS keep near the company's real trend (results.ts); analysts carry half of the last
 * surprise into the next consensus, so results wander around the trend without leaving it.
 */
export function earnings(ctx: Context): void {
  const { rng } = ctx;
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company)) {
    const { company, sector } = companyRefs(inst.company!);
    const entities = [company, instrumentRef(inst), sector];
    const timing: EarningsTiming = BEFORE_OPEN.has(inst.symbol) ? 'before-open' : 'after-close';
    const fyEndMonth = fiscalYearEndMonth.get(inst.company!)!;
    // How far (log) the last EPS came out above its trend: half of it carries into the next consensus.
    let offTrend = (rng.next() - 0.5) * 0.1;
    const lastYear = new Date(ctx.endMs).getUTCFullYear() + (fyEndMonth === 12 ? 0 : 1);
    for (let year = new Date(ctx.startMs).getUTCFullYear(); year <= lastYear; year++) {
      for (const q of [1, 2, 3, 4] as FiscalQuarterNumber[]) {
        const quarterEnd = fiscalQuarterEnd(fyEndMonth, year, q);
        const at = earningsRelease(quarterEnd + (21 + rng.int(14)) * DAY_MS, timing);
        if (at < ctx.startMs || at >= ctx.endMs) continue;
        const period = fiscalQuarterLabel(fyEndMonth, year, q);
        const trend = trendQuarter(inst.symbol, quarterEnd, ctx.anchorMs);
        const consensus = round(trend.eps * Math.exp(offTrend / 2) * (1 + (rng.next() - 0.5) * 0.04), 2);
        const surprise = (rng.next() - 0.45) * 0.2;
        const actual = round(consensus * (1 + surprise), 2);
        offTrend = Math.log(actual / trend.eps);
        const beat = actual >= consensus;
        const verdict = actual > consensus ? 'beats' : actual < consensus ? 'misses' : 'matches';
        const big = Math.abs(surprise) > 0.04 && ctx.claim([inst.symbol], at);
        const shocks: Shock[] = big
          ? [{ on: inst.symbol, size: (beat ? 1 : -1) * (3 + rng.next() * 2) * inst.dailyVol }]
          : [];
        const revenue = round(trend.revenueBn * (1 + (rng.next() - 0.5) * 0.04), 1);
        const when =
          timing === 'after-close'
            ? 'after the US close (16:05 New York time)'
            : 'before the US open (06:45 New York time)';
        const chief = holderAt(ctx.anchorMs, inst.company!, /chief executive/i, at);
        const quote = chief
          ? ` Chief executive ${chief.label} said demand ${beat ? 'held up across its businesses' : 'was softer than the company had planned for'}.`
          : '';
        ctx.drafts.push({
          kind: 'earnings',
          occurredAt: at,
          precision: 'minute',
          headline: `${company.label} ${verdict} ${period} estimates: EPS $${actual.toFixed(2)} vs $${consensus.toFixed(2)} expected`,
          summary:
            `${company.label} reported ${period} earnings of $${actual.toFixed(2)} a share against a consensus of $${consensus.toFixed(2)}, ` +
            `on revenue of $${revenue} billion.${quote}`,
          points: [
            `EPS $${actual.toFixed(2)} vs $${consensus.toFixed(2)} expected`,
            `Revenue $${revenue} billion`,
            beat ? 'Guidance kept' : 'Guidance under review',
          ],
          importance: big ? 80 + rng.int(15) : 55 + rng.int(15),
          entities: chief ? [...entities, chief] : entities,
          shocks,
          moves: moved(ctx.model, shocks, at),
          source: 'wire',
          catalyst: {
            kind: 'earnings',
            title: `${company.label} ${period} results`,
            expectedAt: at,
            precision: 'minute',
            confirmed: true,
            description: `${company.label} reports its ${period} results ${when}.`,
            consensus: `EPS $${consensus.toFixed(2)}`,
            sourceUrl: `https://${SOURCES.wire.host}/calendar/${slug(`${company.label} ${period}`)}`,
            entities,
          },
          result: {
            company: inst.company!,
            symbol: inst.symbol,
            fyEndMonth,
            fiscalYear: year,
            quarter: q,
            eps: actual,
            consensus,
            revenueBn: revenue,
          },
        });
      }
    }
  }
}
