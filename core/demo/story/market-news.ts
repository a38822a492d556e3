// The demo's crypto and commodity news: about four stories a year per instrument, each moving it or its factor.
import { instrumentRef, sectorRef } from '../../refs.js';
import { DAY_MS, MINUTE_MS } from '../../time.js';
import type { Shock } from '../market-model.js';
import { DEMO_SECTORS } from '../profiles/companies.js';
import { FACTOR_VOL } from '../structure.js';
import { CRYPTO_NEWS, GAS_NEWS, OIL_NEWS, type Pair } from '../templates.js';
import { DEMO_INSTRUMENTS, type DemoInstrument } from '../universe.js';
import { businessHours, type Context, moved } from './draft.js';

/**
 * What moves an instrument's market news: a factor for crude oil (it moves energy shares too, so its stories are about
 * their sector as well), the instrument itself otherwise.
 */
const MARKET_NEWS: Record<
  string,
  { templates: Pair[]; on: (inst: DemoInstrument) => string; vol: (inst: DemoInstrument) => number; sector?: string }
> = {
  crypto: { templates: CRYPTO_NEWS, on: (i) => i.symbol, vol: (i) => i.dailyVol },
  WTI: { templates: OIL_NEWS, on: () => 'energy', vol: () => FACTOR_VOL.energy, sector: 'energy' },
  NATGAS: { templates: GAS_NEWS, on: (i) => i.symbol, vol: (i) => i.dailyVol },
};

const SECTOR_NAMES = new Map(DEMO_SECTORS.map((s) => [s.slug, s.name]));

/** Crypto and energy stories, about four a year per instrument. */
export function marketNews(ctx: Context): void {
  const { rng } = ctx;
  for (const inst of DEMO_INSTRUMENTS) {
    const news = MARKET_NEWS[inst.kind === 'crypto' ? 'crypto' : inst.symbol];
    if (!news) continue;
    const crypto = inst.kind === 'crypto';
    for (let at = ctx.startMs + rng.int(90) * DAY_MS; at < ctx.anchorMs; at += (60 + rng.int(70)) * DAY_MS) {
      // Crypto trades around the clock; crude and gas news comes in the week's business hours, as their exchanges trade.
      const when = crypto ? at + rng.int(24 * 60) * MINUTE_MS : businessHours(rng, at);
      const on = news.on(inst);
      if (!ctx.claim([on], when)) continue;
      const up = rng.next() < 0.5;
      const shocks: Shock[] = [{ on, size: (up ? 1 : -1) * (3.2 + rng.next() * 2) * news.vol(inst) }];
      const template = news.templates[rng.int(news.templates.length)]!;
      const told = up ? template.up : template.down;
      const headline =
        told.text.replace('{n}', inst.name) + (crypto ? '' : `: ${inst.name} ${up ? 'rallies' : 'slides'}`);
      ctx.drafts.push({
        kind: told.kind,
        occurredAt: when,
        precision: 'minute',
        headline,
        summary: `${headline}.`,
        points: [headline],
        importance: 60 + rng.int(30),
        entities: news.sector
          ? [instrumentRef(inst), sectorRef(news.sector, SECTOR_NAMES.get(news.sector)!)]
          : [instrumentRef(inst)],
        shocks,
        moves: moved(ctx.model, shocks, when),
        source: crypto ? 'chain' : 'commodity',
      });
    }
  }
}
