// What a node that follows the leader's frames reads from the database when the frames cannot carry it: the bars of
// frames it missed, the instruments an import added on the leader, and the series the leader read again after a write.
import { barAt } from '../../core/kernels/bars.js';
import type { Reread } from '../../core/market-frame.js';
import { clock } from '../clock.js';
import type { MarketStore } from '../services/write/market-store.js';
import type { RelayedMarket } from './relayed.js';
import { addNewInstruments, rereadInstrument, rereadSeries } from './reread.js';
import type { MarketState } from './state.js';

export interface CatchUp {
  /** The bars closed in [fromMs, beforeMs), those memory does not hold yet. */
  fill(fromMs: number, beforeMs: number): Promise<void>;
  /** The instruments the database holds and memory does not: the leader added them (an import named them first). */
  grow(): Promise<void>;
  /** `series` read again as the leader did; every series when null (this node missed some of the leader's rereads). */
  reread(series: readonly Reread[] | null): Promise<void>;
}

export function catchUp(store: MarketStore, relay: RelayedMarket, state: MarketState): CatchUp {
  return {
    async fill(fromMs, beforeMs) {
      for (const [kind, ids] of [
        ['pooled', state.instruments.map((i) => i.id)],
        ['listing', state.listings.map((l) => l.id)],
      ] as const) {
        const index = new Map(ids.map((id, s) => [id, s]));
        const rows = await store.heldCandles(kind, '1m', ids, fromMs, beforeMs);
        for (let k = 0; k < rows.length; k++)
          relay.fill(kind, index.get(rows.columns.series[k]!)!, barAt(rows.columns, k));
      }
    },
    async grow() {
      await addNewInstruments(store, state, clock.now());
    },
    async reread(series) {
      const all: readonly Reread[] = series ?? [
        ...state.instruments.map((i) => ({ kind: 'pooled' as const, id: i.id })),
        ...state.listings.map((l) => ({ kind: 'listing' as const, id: l.id })),
      ];
      for (const { kind, id } of all) {
        if (kind === 'pooled') await rereadInstrument(store, state, id, clock.now());
        else {
          const j = state.listingIndex(id);
          if (j >= 0) await rereadSeries(store, state, 'listing', j, clock.now());
        }
      }
    },
  };
}
