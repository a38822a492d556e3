// Checking a sources file: its shape by the TypeBox schema, then what a schema cannot say (a venue that exists and
// has that market, a venue symbol in the venue's form, funding intervals on perpetuals only, a USD conversion for
// every quote currency, no entry twice). Every bad entry is named, all at once, so one start-up lists them all.
import { Value } from '@sinclair/typebox/value';
import { type SourceInstrument, SourcesFile } from '../schemas/sources.js';
import { venueNamed } from './venues/index.js';

export type SourcesCheck = { ok: true; sources: SourcesFile } | { ok: false; errors: string[] };

/** A sources file's text checked: not JSON is one error. */
export function parseSourcesFile(text: string): SourcesCheck {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`not JSON: ${(err as Error).message}`] };
  }
  return validateSources(doc);
}

export function validateSources(doc: unknown): SourcesCheck {
  const shape = shapeErrors(doc);
  if (shape.length) return { ok: false, errors: shape };
  const sources = doc as SourcesFile;
  const errors = [
    ...instrumentErrors(sources),
    ...quoteErrors(sources),
    ...feedErrors(sources),
    ...endpointErrors(sources),
  ];
  return errors.length ? { ok: false, errors } : { ok: true, sources };
}

/** The schema's errors, one per place (its first), each place named as a reader finds it: instruments[2] (SOL). */
function shapeErrors(doc: unknown): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of Value.Errors(SourcesFile, doc)) {
    if (seen.has(e.path)) continue;
    seen.add(e.path);
    const described =
      typeof e.schema.description === 'string' &&
      !e.message.startsWith('Expected required') &&
      !e.message.startsWith('Unexpected');
    out.push(
      `${placeOf(doc, e.path)}: ${described ? `expected ${e.schema.description}, got ${JSON.stringify(e.value) ?? 'nothing'}` : e.message.toLowerCase()}`,
    );
  }
  return out;
}

/** A JSON pointer (/instruments/2/listings/1/market) as instruments[2] (SOL) › listings[1] (okx perp) › market. */
function placeOf(doc: unknown, pointer: string): string {
  const names: string[] = [];
  let node: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (/^\d+$/.test(key) && names.length) names[names.length - 1] += `[${key}]${label(node)}`;
    else names.push(key);
  }
  return names.join(' › ') || 'the file';
}

/** What names an entry: an instrument's symbol, a listing's venue and market, a feed's id. */
function label(node: unknown): string {
  if (node === null || typeof node !== 'object') return '';
  const o = node as Record<string, unknown>;
  const name =
    typeof o.symbol === 'string'
      ? o.symbol
      : typeof o.venue === 'string'
        ? `${o.venue} ${String(o.market ?? '')}`.trim()
        : typeof o.id === 'string'
          ? o.id
          : null;
  return name ? ` (${name})` : '';
}

function instrumentErrors(sources: SourcesFile): string[] {
  const errors: string[] = [];
  const symbols = new Map<string, number>();
  const venueSymbols = new Map<string, string>();
  sources.instruments.forEach((inst, i) => {
    const at = `instruments[${i}] (${inst.symbol})`;
    const first = symbols.get(inst.symbol.toUpperCase());
    if (first !== undefined)
      errors.push(`${at}: symbol ${inst.symbol} is already instruments[${first}]'s (symbols are case-insensitive)`);
    else symbols.set(inst.symbol.toUpperCase(), i);
    const markets = new Set<string>();
    inst.listings.forEach((l, k) => {
      const where = `${at} › listings[${k}] (${l.venue} ${l.market})`;
      const venue = venueNamed(l.venue);
      const market = venue?.markets[l.market];
      if (!venue) errors.push(`${where}: unknown venue ${l.venue}`);
      else if (!market) errors.push(`${where}: ${venue.name} has no ${l.market} market here`);
      else if (!market.symbolPattern.test(l.venueSymbol))
        errors.push(
          `${where}: ${JSON.stringify(l.venueSymbol)} is not in the form of ${venue.name} ${l.market} symbols (${market.symbolPattern.source})`,
        );
      if (l.market === 'perp' && l.fundingIntervalHours === undefined)
        errors.push(`${where}: a perpetual needs fundingIntervalHours`);
      if (l.market === 'spot' && l.fundingIntervalHours !== undefined)
        errors.push(`${where}: spot pays no funding: remove fundingIntervalHours`);
      if (markets.has(`${l.venue} ${l.market}`))
        errors.push(`${where}: ${inst.symbol} is listed twice on ${l.venue} ${l.market}`);
      markets.add(`${l.venue} ${l.market}`);
      const key = `${l.venue} ${l.market} ${l.venueSymbol}`;
      const owner = venueSymbols.get(key);
      if (owner !== undefined && owner !== inst.symbol)
        errors.push(`${where}: ${l.venueSymbol} is already ${owner}'s listing`);
      venueSymbols.set(key, inst.symbol);
    });
  });
  return errors;
}

/**
 * Every listing's quote currency converts to USD: USD itself, a fixed rate, or the pool of an instrument of the
 * file whose own listings are all quoted in USD (a conversion never depends on another, nor on itself).
 */
function quoteErrors(sources: SourcesFile): string[] {
  const errors: string[] = [];
  const quotes = sources.quotes ?? {};
  const bySymbol = new Map<string, SourceInstrument>(
    sources.instruments.map((inst) => [inst.symbol.toUpperCase(), inst]),
  );
  for (const [currency, conversion] of Object.entries(quotes)) {
    if (!('pool' in conversion)) continue;
    const pool = bySymbol.get(conversion.pool.toUpperCase());
    if (!pool)
      errors.push(`quotes › ${currency}: no instrument ${conversion.pool} in this file to pool its USD price from`);
    else if (!pool.listings.length) errors.push(`quotes › ${currency}: ${pool.symbol} has no listings to pool`);
    else {
      const notUsd = pool.listings.filter((l) => l.quote !== 'USD').map((l) => `${l.venue} ${l.market} in ${l.quote}`);
      if (notUsd.length)
        errors.push(
          `quotes › ${currency}: ${pool.symbol}'s listings must be quoted in USD to convert ${currency}, not ${notUsd.join(', ')}`,
        );
    }
  }
  sources.instruments.forEach((inst, i) => {
    inst.listings.forEach((l, k) => {
      if (l.quote !== 'USD' && !(l.quote in quotes))
        errors.push(
          `instruments[${i}] (${inst.symbol}) › listings[${k}] (${l.venue} ${l.market}): no USD conversion for ${l.quote}: add "quotes": {"${l.quote}": {"pool": "..."}}`,
        );
    });
  });
  return errors;
}

function feedErrors(sources: SourcesFile): string[] {
  const errors: string[] = [];
  const ids = new Set<string>();
  const feeds = [
    ...(sources.news ?? []).map((f, k) => ({ f, at: `news[${k}] (${f.id})` })),
    ...(sources.calendars ?? []).map((f, k) => ({ f, at: `calendars[${k}] (${f.id})` })),
  ];
  for (const { f, at } of feeds) {
    if (ids.has(f.id)) errors.push(`${at}: id ${f.id} is taken by another feed`);
    ids.add(f.id);
    if (!URL.canParse(f.url)) errors.push(`${at}: ${f.url} is not a URL`);
  }
  return errors;
}

/** Endpoints only of venues and markets that exist. */
function endpointErrors(sources: SourcesFile): string[] {
  const errors: string[] = [];
  for (const [id, markets] of Object.entries(sources.endpoints ?? {})) {
    const venue = venueNamed(id);
    if (!venue) errors.push(`endpoints › ${id}: unknown venue ${id}`);
    else
      for (const market of Object.keys(markets))
        if (!(market in venue.markets))
          errors.push(`endpoints › ${id} › ${market}: ${venue.name} has no ${market} market here`);
  }
  return errors;
}
