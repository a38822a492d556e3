// Memory after a write under it: a series' held candles read again from the database (an import or a venue backfill
// wrote bars memory held or should hold), told to whoever relays them, so that a scale-out's other nodes read the same.
import type { Reread } from '../../core/market-frame.js';
import type { CandleInterval } from '../../core/vocabulary.js';
import type { MarketWrites } from '../ports/index.js';
import type { MarketStore } from '../services/write/market-store.js';
import { reloadSeries } from './load.js';

/**
 * Series `s` of `kind` read again at `now` (see reloadSeries): `from` is what memory's window started at per interval
 * before the write, when it is not the whole window.
 */
export async function rereadSeries(
  store: MarketStore,
  state: MarketWrites,
  kind: Reread['kind'],
  s: number,
  now: number,
  from: Partial<Record<CandleInterval, number>> = {},
): Promise<void> {
  const [candles, id] =
    kind === 'pooled' ? [state.candles, state.instruments[s]!.id] : [state.listingCandles, state.listings[s]!.id];
  await reloadSeries(store, kind, candles, s, id, now, from);
  state.onReread?.({ kind, id });
}

/**
 * Instrument `id` after bars were imported for it: one memory does not know is added (no venue quotes it), a known one
 * takes the label of its newest daily bars; then its candles are read again, so memory holds the new bars (its daily
 * closes, which moves and an official price are taken from, included).
 */
export async function rereadInstrument(
  store: MarketStore,
  state: MarketWrites,
  id: number,
  now: number,
): Promise<void> {
  const row = await store.instrument(id);
  const known = state.instruments.findIndex((inst) => inst.id === id);
  if (known >= 0) {
    state.relabel(known, row.official);
    return rereadSeries(store, state, 'pooled', known, now);
  }
  // A new series holds nothing until read (its bars come from the database meanwhile); once read, all from the start
  // of memory's window.
  const i = state.addInstrument(row);
  await rereadSeries(store, state, 'pooled', i, now, { '1m': -Infinity, '1h': -Infinity, '1d': -Infinity });
}

/** The instruments the database holds that memory does not, added in the order of their ids (as the leader did). */
export async function addNewInstruments(store: MarketStore, state: MarketWrites, now: number): Promise<number> {
  const held = new Set(state.instruments.map((inst) => inst.id));
  const { instruments } = await store.universe();
  let added = 0;
  for (const row of instruments) {
    if (held.has(row.id)) continue;
    await rereadInstrument(store, state, row.id, now);
    added++;
  }
  return added;
}
