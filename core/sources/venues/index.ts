// Every venue Tapewire connects to, by the id listings name it with.
import { binance } from './binance.js';
import { bybit } from './bybit.js';
import { coinbase } from './coinbase.js';
import { hyperliquid } from './hyperliquid.js';
import { kraken } from './kraken.js';
import { okx } from './okx.js';
import type { VenueProtocol } from './protocol.js';

export const VENUES: readonly VenueProtocol[] = [binance, coinbase, kraken, okx, bybit, hyperliquid];

export function venueNamed(id: string): VenueProtocol | null {
  return VENUES.find((v) => v.id === id) ?? null;
}
