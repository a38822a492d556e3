// The demo's unscheduled company news: about six stories a year per company, most of them moving its shares (how far,
// the reaction story tells once the day has traded: reactions.ts).
import { instrumentRef } from '../../refs.js';
import { DAY_MS } from '../../time.js';
import type { Shock } from '../market-model.js';
import { COMPANY_NEWS, OPERATIONS_NEWS, type Pair } from '../templates.js';
import { DEMO_INSTRUMENTS } from '../universe.js';
import { businessHours, type Context, companies, companyRefs, moved } from './draft.js';

/** Unscheduled company stories, about six a year each, most of them moving the shares. */
export function companyNews(ctx: Context): void {
  const { rng } = ctx;
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company)) {
    const { company, sector } = companyRefs(inst.company!);
    const templates: Pair[] = [...COMPANY_NEWS, OPERATIONS_NEWS[companies.get(inst.company!)!.sector]!];
    for (let at = ctx.startMs + rng.int(60) * DAY_MS; at < ctx.anchorMs; at += (30 + rng.int(60)) * DAY_MS) {
      const when = businessHours(rng, at);
      const news = templates[rng.int(templates.length)]!;
      const up = rng.next() < 0.55;
      const moves = rng.next() < 0.7 && ctx.claim([inst.symbol], when);
      const shocks: Shock[] = moves
        ? [{ on: inst.symbol, size: (up ? 1 : -1) * (3 + rng.next() * 2.5) * inst.dailyVol }]
        : [];
      const template = up ? news.up : news.down;
      const headline = template.text.replace('{c}', company.label);
      ctx.drafts.push({
        kind: template.kind,
        occurredAt: when,
        precision: 'minute',
        headline,
        summary: `${headline}.`,
        points: [headline],
        importance: moves ? 65 + rng.int(25) : 35 + rng.int(15),
        entities: [company, instrumentRef(inst), sector],
        shocks,
        moves: moved(ctx.model, shocks, when),
        source: 'wire',
      });
    }
  }
}
