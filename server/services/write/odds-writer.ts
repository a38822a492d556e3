// Writes prediction-market records from any source: the events grouping markets, markets with their outcomes and the
// entities they are about (core/odds/links.ts), and probability history. A market stored again replaces the stored
// one when its content changed; its slug stays the one it was first given. A point of an outcome no stored market
// has is left out with the reason. Works on the caller's connection, inside its transaction.
import { marketEntities } from '../../../core/odds/links.js';
import { marketSlug, prefixedSlug } from '../../../core/odds/slug.js';
import type {
  PredictionEventRecord,
  PredictionMarketRecord,
  ProbabilityPoint,
} from '../../../core/sources/odds-records.js';
import type { Records, SkippedItem } from '../../../core/sources/records.js';
import { type Counts, contentHash, counts, type Rows } from './write-support.js';

export type OddsKind = 'marketEvents' | 'markets' | 'oddsHistory';
export type OddsRecords = Partial<Pick<Records, OddsKind>>;

/** Points per statement. */
const POINTS_PER_STATEMENT = 20_000;

/** Records by source, each key once (the last given wins: a payload may correct itself), in the order first given. */
function bySource<R>(records: R[], source: (r: R) => string, key: (r: R) => string): Map<string, R[]> {
  const out = new Map<string, Map<string, R>>();
  for (const r of records) {
    const batch = out.get(source(r)) ?? new Map<string, R>();
    batch.set(key(r), r);
    out.set(source(r), batch);
  }
  return new Map([...out].map(([s, batch]) => [s, [...batch.values()]]));
}

export class OddsWriter {
  constructor(private readonly rows: Rows) {}

  async write(records: OddsRecords): Promise<{ counts: Partial<Record<OddsKind, Counts>>; skipped: SkippedItem[] }> {
    const out: Partial<Record<OddsKind, Counts>> = {};
    const skipped: SkippedItem[] = [];
    const events = records.marketEvents ?? [];
    if (events.length) {
      let written = 0;
      for (const [source, batch] of bySource(
        events,
        (e) => e.source,
        (e) => e.sourceKey,
      ))
        written += await this.events(source, batch);
      out.marketEvents = counts(events.length, written);
    }
    const markets = records.markets ?? [];
    if (markets.length) {
      let written = 0;
      for (const [source, batch] of bySource(
        markets,
        (m) => m.source,
        (m) => m.sourceKey,
      ))
        written += await this.markets(source, batch, events);
      out.markets = counts(markets.length, written);
    }
    const history = records.oddsHistory ?? [];
    if (history.length) {
      let written = 0;
      let left = 0;
      for (const [source, batch] of bySource(
        history,
        (p) => p.source,
        (p) => `${p.outcomeKey}@${p.ts}`,
      )) {
        const result = await this.history(source, batch, skipped);
        written += result.written;
        left += result.left;
      }
      out.oddsHistory = counts(history.length, written, left);
    }
    return { counts: out, skipped };
  }

  private async events(source: string, batch: PredictionEventRecord[]): Promise<number> {
    const rows = await this.rows('upsertMarketEvents', {
      source,
      keys: batch.map((e) => e.sourceKey),
      slugs: batch.map((e) => e.slug),
      titles: batch.map((e) => e.title),
      categories: batch.map((e) => e.category),
      exclusive: batch.map((e) => e.mutuallyExclusive),
      closeAt: batch.map((e) => (e.closeAt === null ? null : new Date(e.closeAt))),
      sourceUrls: batch.map((e) => e.sourceUrl),
      hashes: batch.map(contentHash),
    });
    return rows.length;
  }

  private async markets(
    source: string,
    batch: PredictionMarketRecord[],
    events: PredictionEventRecord[],
  ): Promise<number> {
    const slugs = await this.slugs(source, batch);
    const eventKeys = [...new Set(batch.map((m) => m.eventKey).filter((k) => k !== null))];
    const given = new Map(events.filter((e) => e.source === source).map((e) => [e.sourceKey, e]));
    const storedTitles = await this.rows<{ key: string; title: string }>('marketEventTitles', {
      source,
      keys: eventKeys.filter((k) => !given.has(k)),
    });
    const titles = new Map(storedTitles.map((e) => [e.key, e.title]));
    const rows = batch.map((m) => {
      const event =
        m.eventKey === null
          ? null
          : (given.get(m.eventKey) ?? (titles.has(m.eventKey) ? { title: titles.get(m.eventKey)! } : null));
      const entities = marketEntities(m, event);
      return { m, slug: slugs.get(m.sourceKey)!, entities, hash: contentHash({ ...m, entities }) };
    });
    const written = new Set(
      (
        await this.rows<{ slug: string }>('upsertMarkets', {
          source,
          slugs: rows.map((r) => r.slug),
          keys: rows.map((r) => r.m.sourceKey),
          questions: rows.map((r) => r.m.question),
          categories: rows.map((r) => r.m.category),
          kinds: rows.map((r) => r.m.kind),
          lowerBounds: rows.map((r) => r.m.bounds?.lower ?? null),
          upperBounds: rows.map((r) => r.m.bounds?.upper ?? null),
          volumes: rows.map((r) => r.m.volume),
          liquidity: rows.map((r) => r.m.liquidity),
          openInterest: rows.map((r) => r.m.openInterest),
          openAt: rows.map((r) => (r.m.openAt === null ? null : new Date(r.m.openAt))),
          closeAt: rows.map((r) => (r.m.closeAt === null ? null : new Date(r.m.closeAt))),
          statuses: rows.map((r) => r.m.status),
          resolutions: rows.map((r) => r.m.resolution),
          eventKeys: rows.map((r) => r.m.eventKey),
          labels: rows.map((r) => r.m.label),
          sourceUrls: rows.map((r) => r.m.sourceUrl),
          hashes: rows.map((r) => r.hash),
        })
      ).map((r) => r.slug),
    );
    const changed = rows.filter((r) => written.has(r.slug));
    if (!changed.length) return 0;
    await this.rows('deleteMarketParts', { markets: changed.map((r) => r.slug) });
    const outcomes = changed.flatMap((r) => r.m.outcomes.map((o, position) => ({ market: r.slug, position, ...o })));
    const entities = changed.flatMap((r) => r.entities.map((e, position) => ({ market: r.slug, position, ...e })));
    await this.rows('insertMarketParts', {
      outcomeMarkets: outcomes.map((o) => o.market),
      outcomePositions: outcomes.map((o) => o.position),
      outcomeNames: outcomes.map((o) => o.name),
      probabilities: outcomes.map((o) => o.probability),
      outcomeKeys: outcomes.map((o) => o.outcomeKey),
      entityMarkets: entities.map((e) => e.market),
      entityPositions: entities.map((e) => e.position),
      types: entities.map((e) => e.type),
      entityKeys: entities.map((e) => e.key),
      labels: entities.map((e) => e.label),
      paths: entities.map((e) => e.path),
    });
    return changed.length;
  }

  /**
   * The slug of each market of the batch, by its key: the one it was stored under, else its own, else (taken by
   * another source's market, or earlier in the batch) its own prefixed by its source.
   */
  private async slugs(source: string, batch: PredictionMarketRecord[]): Promise<Map<string, string>> {
    const own = batch.map((m) => ({ key: m.sourceKey, slug: marketSlug(m.slug, m.sourceKey) }));
    const stored = await this.rows<{ slug: string; source: string; key: string }>('marketSlugs', {
      source,
      slugs: own.map((o) => o.slug),
      keys: own.map((o) => o.key),
    });
    const out = new Map(stored.filter((s) => s.source === source).map((s) => [s.key, s.slug]));
    const taken = new Set(stored.map((s) => s.slug));
    for (const { key, slug } of own) {
      if (out.has(key)) continue;
      const chosen = taken.has(slug) ? prefixedSlug(source, slug) : slug;
      out.set(key, chosen);
      taken.add(chosen);
    }
    return out;
  }

  private async history(
    source: string,
    points: ProbabilityPoint[],
    skipped: SkippedItem[],
  ): Promise<{ written: number; left: number }> {
    const keys = [...new Set(points.map((p) => p.outcomeKey))];
    const known = new Set((await this.rows<{ key: string }>('storedOutcomeKeys', { source, keys })).map((r) => r.key));
    for (const key of keys.filter((k) => !known.has(k))) {
      const n = points.filter((p) => p.outcomeKey === key).length;
      skipped.push({
        item: `oddsHistory ${source}:${key}`,
        reason: `${n} point${n > 1 ? 's' : ''} of an outcome no stored market has`,
      });
    }
    const kept = points.filter((p) => known.has(p.outcomeKey));
    let written = 0;
    for (let k = 0; k < kept.length; k += POINTS_PER_STATEMENT) {
      const batch = kept.slice(k, k + POINTS_PER_STATEMENT);
      const [row] = await this.rows<{ written: number }>('upsertOddsHistory', {
        source,
        keys: batch.map((p) => p.outcomeKey),
        ts: batch.map((p) => new Date(p.ts)),
        probabilities: batch.map((p) => p.probability),
      });
      written += row!.written;
    }
    return { written, left: points.length - kept.length };
  }
}
